import type { ContentSummary } from '@studio/contract/content';
import { publicSitePaths } from '@studio/contract/public-site';

/**
 * Where a row's title opens (issue 25, point 2): the same page for every kind, the content as a
 * reader will see it in the studio (/channels/{channelId}/contents/{contentId}/preview: an article's
 * or a post's text and images, a loop's video), except a replay, which opens its live's page, where
 * it plays beside what the live left (issue 24). Changing it (edit, hide, delete, …) is the row's
 * menu, the same for every kind; the public page is the row's "view on site".
 */
export function contentHref(channelId: number, content: Pick<ContentSummary, 'id' | 'kind' | 'liveId'>): string {
  if (content.kind === 'LIVE' && content.liveId !== null) return `/channels/${channelId}/videos/lives/${content.liveId}`;
  return `/channels/${channelId}/contents/${content.id}/preview`;
}

/**
 * A published content's page on the public site (server-rendered, outside /studio); only PUBLIC
 * contents have one. A replay's page is its live's (/c/{channelId}/live/{liveId}).
 */
export function publicPageHref(channelId: number, content: Pick<ContentSummary, 'id' | 'status' | 'kind' | 'liveId'>): string | null {
  if (content.status !== 'PUBLIC') return null;
  if (content.kind === 'LIVE' && content.liveId !== null) return publicSitePaths.live(channelId, content.liveId);
  return publicSitePaths.content(channelId, content.id);
}
