import type { ContentSummary } from '@studio/contract/content';
import type { ContentKind } from '@studio/contract/enums';
import { publicSitePaths } from '@studio/contract/public-site';

/**
 * Where a row of the channel's contents opens. Articles open in the editor
 * (/editor/{channelId}/{contentId}); loops, posts and lives have no page of
 * their own to open yet, so their rows are not links (a link to nowhere is worse).
 */
const opensInEditor: ReadonlySet<ContentKind> = new Set(['CONTENT_VIEW', 'NEWS']);

export function contentHref(channelId: number, content: Pick<ContentSummary, 'id' | 'kind'>): string | null {
  return opensInEditor.has(content.kind) ? `/editor/${channelId}/${content.id}` : null;
}

/** A published content's page on the public site (server-rendered, outside /studio); only PUBLIC contents have one. */
export function publicPageHref(channelId: number, content: Pick<ContentSummary, 'id' | 'status'>): string | null {
  return content.status === 'PUBLIC' ? publicSitePaths.content(channelId, content.id) : null;
}
