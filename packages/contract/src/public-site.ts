/**
 * Addresses of the public site (server-rendered pages, no sign-in, not under /studio or /api):
 * one per channel, one per published content, one per live on air or replayable.
 * The server routes and the studio's "View on site" links are both made from these.
 */
export const publicSitePaths = {
  channel: (channelId: number) => `/c/${channelId}`,
  content: (channelId: number, contentId: number) => `/c/${channelId}/${contentId}`,
  live: (channelId: number, liveId: number) => `/c/${channelId}/live/${liveId}`,
} as const;
