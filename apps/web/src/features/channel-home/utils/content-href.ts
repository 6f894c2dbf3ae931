import type { ContentSummary } from '@studio/contract/content';
import { publicSitePaths } from '@studio/contract/public-site';

/**
 * Where a row's title opens (issue 25, point 2): for every kind the same page, the content as a
 * reader will see it in the studio (/channels/{channelId}/contents/{contentId}/preview: an article's
 * or a post's text and images, a loop's video). Changing it (edit, hide, delete, …) is the row's
 * menu, the same for every kind; the public page is the row's "view on site".
 */
export function contentHref(channelId: number, content: Pick<ContentSummary, 'id'>): string {
  return `/channels/${channelId}/contents/${content.id}/preview`;
}

/** A published content's page on the public site (server-rendered, outside /studio); only PUBLIC contents have one. */
export function publicPageHref(channelId: number, content: Pick<ContentSummary, 'id' | 'status'>): string | null {
  return content.status === 'PUBLIC' ? publicSitePaths.content(channelId, content.id) : null;
}
