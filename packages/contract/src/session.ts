import { z } from 'zod';
import { Instant } from './time';

/**
 * The signed-in person's studio sessions (issue 23, point 6: `/profile/my`). A session is named by a
 * number of its own, never by its cookie's token or the token's hash.
 */
export const MySession = z.object({
  id: z.number().int(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Browser and operating system as read from the user agent at the last use; null when not recognised. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address at the last use, as the server saw it (behind the studio's proxy: the forwarded one). */
  address: z.string().nullable(),
  signedInAt: Instant,
  lastUsedAt: Instant,
});
export type MySession = z.infer<typeof MySession>;

/** The current session first, then the others by their last use, newest first. */
export const MySessionList = z.array(MySession);

/** How many sessions signing out "all others" ended: 0 when there were none (a repeat). */
export const SessionsSignedOut = z.object({ signedOut: z.number().int() });
export type SessionsSignedOut = z.infer<typeof SessionsSignedOut>;
