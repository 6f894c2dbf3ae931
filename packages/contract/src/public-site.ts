/** Every public page's address starts with it, and nothing else's does (the server skips the session for it). */
export const PUBLIC_SITE_PREFIX = '/c/';

/**
 * Where an older page of a channel's public contents starts: just below the row with this shown time
 * (an instant as stored, to the microsecond, UTC) and id, in the order newest first. In the address
 * as `?before=<time>_<id>` (digits, `-:.TZ_` only: nothing to escape), readable and stable: the same page keeps the same address.
 */
export type PublicContentsCursor = { at: string; id: number };

/** The query parameter carrying the cursor. */
export const PUBLIC_BEFORE_PARAM = 'before';

const CURSOR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z_([1-9]\d{0,15})$/;

export function encodePublicContentsCursor(cursor: PublicContentsCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

/** The cursor in `text`, or null when it is not one (a real calendar instant from year 1 and a safe positive id). */
export function decodePublicContentsCursor(text: string): PublicContentsCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  // Rejects what a calendar has not (2026-02-30, 24:00:00) instead of letting it roll over.
  const real =
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  const id = Number(match[8]);
  if (!real || !Number.isSafeInteger(id)) return null;
  return { at: text.slice(0, text.lastIndexOf('_')), id };
}

/**
 * Addresses of the public site (server-rendered pages, no sign-in, not under /studio or /api):
 * one per channel (its older contents a page further by a cursor), one per published content, one per
 * live on air or replayable. The server routes and the studio's "View on site" links are both made from these.
 */
export const publicSitePaths = {
  channel: (channelId: number, before?: PublicContentsCursor) =>
    `${PUBLIC_SITE_PREFIX}${channelId}${before ? `?${PUBLIC_BEFORE_PARAM}=${encodePublicContentsCursor(before)}` : ''}`,
  content: (channelId: number, contentId: number) => `${PUBLIC_SITE_PREFIX}${channelId}/${contentId}`,
  live: (channelId: number, liveId: number) => `${PUBLIC_SITE_PREFIX}${channelId}/live/${liveId}`,
} as const;
