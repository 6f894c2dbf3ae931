import { z } from 'zod/mini';

/**
 * The unread-count answer, in a module of its own: the header reads it on
 * every page, so the first load carries only this, not the notification schemas.
 */
export const UnreadCount = z.object({ count: z.int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
