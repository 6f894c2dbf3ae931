/** Every public page's address starts with it, and nothing else's does (the server skips the session for it). */
export const PUBLIC_SITE_PREFIX = '/c/';

/**
 * Addresses of the public site (server-rendered pages, no sign-in, not under /studio or /api):
 * one per channel, one per published content, one per live on air or replayable.
 * The server routes and the studio's "View on site" links are both made from these.
 */
export const publicSitePaths = {
  channel: (channelId: number) => `${PUBLIC_SITE_PREFIX}${channelId}`,
  content: (channelId: number, contentId: number) => `${PUBLIC_SITE_PREFIX}${channelId}/${contentId}`,
  live: (channelId: number, liveId: number) => `${PUBLIC_SITE_PREFIX}${channelId}/live/${liveId}`,
} as const;
