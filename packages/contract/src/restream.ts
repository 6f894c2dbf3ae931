import { z } from 'zod';
import { IdParam } from './params';
import { KampChannelId } from './live';
import { Instant } from './time';

// Issue 24, point 3: restreaming. Per stream key, up to MAX_RESTREAM_TARGETS_PER_KEY outside
// RTMP(S) servers the studio forwards the live to while it is on air (no re-encode). A target's key is
// a secret of the other platform: it is taken when saved and never answered again, only its hint.

export { MAX_RESTREAM_TARGETS_PER_KEY } from './constants';
/** The longest server address a target may have (`rtmps://host:port/app`). */
export const RESTREAM_URL_MAX = 300;
/** The longest key a target may have (platforms' keys run to about 100 characters, with parameters). */
export const RESTREAM_KEY_MAX = 200;
/** A target's key is shown as this mark, then its last RESTREAM_KEY_HINT_CHARS characters. */
export const RESTREAM_KEY_MASK = '••••';
export const RESTREAM_KEY_HINT_CHARS = 4;
/** Keys shorter than this show the mark alone: four characters of a short key are too much of it. */
export const RESTREAM_KEY_HINT_MIN_LENGTH = 12;
/**
 * A dropped target is tried again after RESTREAM_RETRY_FIRST_MS, twice as long after each failure in a
 * row, at most RESTREAM_RETRY_MAX_MS; after RESTREAM_RETRY_ATTEMPTS failures in a row it gives up
 * until the live's stream starts again (the server's defaults; RESTREAM_RETRY_* configure them).
 */
export const RESTREAM_RETRY_FIRST_MS = 2000;
export const RESTREAM_RETRY_MAX_MS = 60_000;
export const RESTREAM_RETRY_ATTEMPTS = 10;

/** What is wrong with a target's server address (RESTREAM_URL_INVALID's `extra.reason`). */
export const RestreamUrlProblem = z.enum(['SCHEME', 'HOST', 'PORT', 'CREDENTIALS', 'APP', 'QUERY', 'TOO_LONG', 'LOCAL_ADDRESS']);
export type RestreamUrlProblem = z.infer<typeof RestreamUrlProblem>;

/** What is wrong with a target's key (RESTREAM_KEY_INVALID's `extra.reason`). */
export const RestreamKeyProblem = z.enum(['EMPTY', 'TOO_LONG', 'CHARACTERS', 'STUDIO_KEY']);
export type RestreamKeyProblem = z.infer<typeof RestreamKeyProblem>;

/**
 * A target's server address as the studio accepts it: rtmp:// or rtmps://, a host, an optional port
 * (1–65535), an application path, no user or password in it (the key is given apart), no query or
 * fragment (the key is appended after a slash). Answers null when it is fine.
 */
export function restreamUrlProblem(value: string): RestreamUrlProblem | null {
  if (value.length > RESTREAM_URL_MAX) return 'TOO_LONG';
  const scheme = /^rtmps?:\/\//i.exec(value);
  if (!scheme) return 'SCHEME';
  const authority = value.slice(scheme[0].length).split(/[/?#]/)[0] ?? '';
  if (authority === '') return 'HOST';
  if (authority.includes('@')) return 'CREDENTIALS';
  const bracketed = /^\[[^\]]*\](?::(.*))?$/.exec(authority);
  const port = bracketed ? bracketed[1] : authority.includes(':') ? authority.slice(authority.lastIndexOf(':') + 1) : undefined;
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535)) return 'PORT';
  let url: URL;
  try {
    // Parsed as http so that the URL parser applies its host rules (it treats rtmp as opaque).
    url = new URL(`http://${value.slice(scheme[0].length)}`);
  } catch {
    return 'HOST';
  }
  if (!url.hostname || /\s/.test(value)) return 'HOST';
  if (value.includes('?') || value.includes('#')) return 'QUERY';
  if (url.pathname.replace(/\/+$/, '') === '') return 'APP';
  return null;
}

/** A target's key as the studio accepts it: 1–RESTREAM_KEY_MAX visible ASCII characters. */
export function restreamKeyProblem(value: string): RestreamKeyProblem | null {
  if (value.length === 0) return 'EMPTY';
  if (value.length > RESTREAM_KEY_MAX) return 'TOO_LONG';
  if (!/^[\x21-\x7e]+$/.test(value)) return 'CHARACTERS';
  return null;
}

/** "••••ab12": what is ever shown of a saved key. */
export function restreamKeyHint(key: string): string {
  return key.length >= RESTREAM_KEY_HINT_MIN_LENGTH ? `${RESTREAM_KEY_MASK}${key.slice(-RESTREAM_KEY_HINT_CHARS)}` : RESTREAM_KEY_MASK;
}

/**
 * A target while its live is on air:
 * - CONNECTING: ffmpeg is connecting to it (first time, or again after a failure);
 * - LIVE: the stream is being sent;
 * - FAILING: the last attempt failed (`reason`); it is tried again at `retryAt`;
 * - STOPPED: it failed RESTREAM_RETRY_ATTEMPTS times in a row and is no longer tried until the stream starts again.
 */
export const RestreamState = z.enum(['CONNECTING', 'LIVE', 'FAILING', 'STOPPED']);
export type RestreamState = z.infer<typeof RestreamState>;

/**
 * Why a target failed, in plain words, from ffmpeg's exit: the address refused the connection, its
 * host name is unknown, it did not answer in time, it refused the publication (a wrong key, most
 * often), it closed the connection while sending, TLS failed (rtmps), or anything else.
 */
export const RestreamFailure = z.enum(['CONNECTION_REFUSED', 'HOST_NOT_FOUND', 'TIMED_OUT', 'REJECTED', 'CLOSED', 'TLS', 'UNKNOWN']);
export type RestreamFailure = z.infer<typeof RestreamFailure>;

export const RestreamForwarding = z.object({
  state: RestreamState,
  reason: RestreamFailure.nullable(),
  /** Failures in a row. */
  failures: z.number().int(),
  retryAt: Instant.nullable(),
  /** Since when the target is in this state. */
  since: Instant,
});
export type RestreamForwarding = z.infer<typeof RestreamForwarding>;

export const RestreamTarget = z.object({
  id: z.number().int(),
  kampChannelId: KampChannelId,
  url: z.string(),
  /** The saved key, masked: "••••" and its last four characters. The key itself is never answered. */
  keyHint: z.string(),
  createdAt: Instant,
  updatedAt: Instant,
  /** Its forwarding while a live of the key is on air; null otherwise. */
  forwarding: RestreamForwarding.nullable(),
});
export type RestreamTarget = z.infer<typeof RestreamTarget>;
export const RestreamTargetList = z.array(RestreamTarget);

/** POST /lives/streams/{kampChannelId}/restream-targets. Shape only; the rules are restreamUrlProblem and restreamKeyProblem (400 with a code). */
export const CreateRestreamTargetBody = z.object({
  url: z.string().max(RESTREAM_URL_MAX * 4),
  key: z.string().max(RESTREAM_KEY_MAX * 4),
});
export type CreateRestreamTargetBody = z.infer<typeof CreateRestreamTargetBody>;

/** PUT /lives/streams/{kampChannelId}/restream-targets/{targetId}: the address, and a new key or none (keeps the saved one). */
export const UpdateRestreamTargetBody = z.object({
  url: z.string().max(RESTREAM_URL_MAX * 4),
  key: z.string().max(RESTREAM_KEY_MAX * 4).optional(),
});
export type UpdateRestreamTargetBody = z.infer<typeof UpdateRestreamTargetBody>;

export const RestreamKeyParams = z.object({ channelId: IdParam, kampChannelId: KampChannelId });
export const RestreamTargetParams = RestreamKeyParams.extend({ targetId: IdParam });

/** The routes' paths, as the web client calls them (under /api). */
export const restreamPaths = {
  targets: (channelId: number, kampChannelId: string) => `/channels/${channelId}/lives/streams/${kampChannelId}/restream-targets`,
  target: (channelId: number, kampChannelId: string, targetId: number) => `/channels/${channelId}/lives/streams/${kampChannelId}/restream-targets/${targetId}`,
};
