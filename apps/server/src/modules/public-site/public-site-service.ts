import type { ContentPreview } from '@studio/contract/content';
import type { PublicContentsCursor } from '@studio/contract/public-site';
import type { Db } from '../../db/schema';
import { toContentPreview } from '../contents/content-html';
import type { ContentRow } from '../contents/content-repository';
import { publicSiteRepository, type PublicChannelRow, type PublicLiveRow } from './public-site-repository';

/** How many contents a channel page lists (a page further by a cursor), and how many lives on air its first page shows. */
export const CHANNEL_PAGE_CONTENTS = 50;
export const CHANNEL_PAGE_LIVES = 10;

/** A published content as its public page shows it: the body is sanitised here (contents/content-html.ts). */
export type PublicContent = Pick<ContentPreview, 'id' | 'kind' | 'title' | 'html' | 'coverImage' | 'images' | 'link'> & {
  thumbnailUrl: string | null;
  videoUrl: string | null;
  /** A replay's live: its public page is the live's (/c/{channelId}/live/{liveId}). */
  liveId: number | null;
  shownAt: Date;
};

export type ChannelPage = {
  channel: PublicChannelRow;
  contents: PublicContent[];
  /** Lives on air: on the first page only. */
  lives: PublicLiveRow[];
  /** The cursor this page was asked from; undefined on the first (newest) page. */
  before: PublicContentsCursor | undefined;
  /** Where the next older page starts; null when this page holds the oldest content. */
  older: PublicContentsCursor | null;
};
export type ContentPage = { channel: PublicChannelRow; content: PublicContent };
export type LivePage = { channel: PublicChannelRow; live: PublicLiveRow };

function toPublicContent(row: ContentRow, channel: PublicChannelRow): PublicContent {
  const preview = toContentPreview(row, channel);
  return {
    id: preview.id,
    kind: preview.kind,
    title: preview.title,
    html: preview.html,
    coverImage: preview.coverImage,
    images: preview.images,
    link: preview.link,
    thumbnailUrl: row.thumbnail_url,
    videoUrl: row.video_url,
    liveId: row.kind === 'LIVE' ? row.live_id : null,
    shownAt: row.published_at ?? row.created_at,
  };
}

/**
 * The public side: what anyone may see without signing in. Each read answers
 * undefined for every reason a page is not public (no such channel, a channel
 * not in SERVICE, a content not PUBLIC or of another channel, a live not on air
 * and without a replay), so the route answers one 404 that does not say which.
 */
export function publicSiteService(db: Db) {
  const site = publicSiteRepository(db);
  return {
    /**
     * A channel's page of published contents, newest first: the first page without `before`, an older
     * one from a cursor. The cursor is a position, not a row: a content hidden or deleted after the
     * previous page was made leaves the next page exactly where it was (nothing repeated, nothing skipped).
     */
    async channelPage(channelId: number, before?: PublicContentsCursor): Promise<ChannelPage | undefined> {
      const [channel, rows, lives] = await Promise.all([
        site.findChannel(channelId),
        // One row more than the page tells whether an older page exists.
        site.listContents(channelId, CHANNEL_PAGE_CONTENTS + 1, before),
        before ? Promise.resolve([]) : site.listLives(channelId, CHANNEL_PAGE_LIVES),
      ]);
      if (!channel) return undefined;
      const shown = rows.slice(0, CHANNEL_PAGE_CONTENTS);
      const last = shown.at(-1);
      const older = rows.length > CHANNEL_PAGE_CONTENTS && last ? { at: last.shown_value, id: last.id } : null;
      return { channel, contents: shown.map((row) => toPublicContent(row, channel)), lives, before, older };
    },

    async contentPage(channelId: number, contentId: number): Promise<ContentPage | undefined> {
      const [channel, row] = await Promise.all([site.findChannel(channelId), site.findContent(channelId, contentId)]);
      if (!channel || !row) return undefined;
      return { channel, content: toPublicContent(row, channel) };
    },

    async livePage(channelId: number, liveId: number): Promise<LivePage | undefined> {
      const [channel, live] = await Promise.all([site.findChannel(channelId), site.findLive(channelId, liveId)]);
      if (!channel || !live) return undefined;
      return { channel, live };
    },
  };
}
