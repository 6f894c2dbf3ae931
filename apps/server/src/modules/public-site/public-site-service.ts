import type { ContentPreview } from '@studio/contract/content';
import type { Db } from '../../db/schema';
import { toContentPreview } from '../contents/content-html';
import type { ContentRow } from '../contents/content-repository';
import { publicSiteRepository, type PublicChannelRow, type PublicLiveRow } from './public-site-repository';

/** How many contents and lives a channel page lists (the newest; paging comes with a later slice). */
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

export type ChannelPage = { channel: PublicChannelRow; contents: PublicContent[]; lives: PublicLiveRow[] };
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
    async channelPage(channelId: number): Promise<ChannelPage | undefined> {
      const [channel, rows, lives] = await Promise.all([
        site.findChannel(channelId),
        site.listContents(channelId, CHANNEL_PAGE_CONTENTS),
        site.listLives(channelId, CHANNEL_PAGE_LIVES),
      ]);
      if (!channel) return undefined;
      return { channel, contents: rows.map((row) => toPublicContent(row, channel)), lives };
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
