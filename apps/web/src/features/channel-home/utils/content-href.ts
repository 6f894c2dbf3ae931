import type { ContentSummary } from '@studio/contract/content';
import type { ContentKind } from '@studio/contract/enums';
import { publicSitePaths } from '@studio/contract/public-site';

/**
 * Where a row of the channel's contents opens. Articles open in the editor
 * (/editor/{channelId}/{contentId}); a replay opens its live's page; loops and
 * posts have no page of their own to open yet, so their rows are not links (a
 * link to nowhere is worse).
 */
const opensInEditor: ReadonlySet<ContentKind> = new Set(['CONTENT_VIEW', 'NEWS']);

export function contentHref(channelId: number, content: Pick<ContentSummary, 'id' | 'kind' | 'liveId'>): string | null {
  if (content.kind === 'LIVE') return content.liveId !== null ? `/channels/${channelId}/videos/lives/${content.liveId}` : null;
  return opensInEditor.has(content.kind) ? `/editor/${channelId}/${content.id}` : null;
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
