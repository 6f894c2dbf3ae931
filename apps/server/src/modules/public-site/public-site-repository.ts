import { sql } from 'kysely';
import type { PublicContentsCursor } from '@studio/contract/public-site';
import type { Db, LiveRow } from '../../db/schema';
import type { ContentRow } from '../contents/content-repository';

/** What a public page shows of a channel. */
export type PublicChannelRow = { id: number; name: string; profile_image_url: string | null };

/** What a public page shows of a live: on air, or ended with a published replay (its content, whose views the page counts). */
export type PublicLiveRow = Pick<LiveRow, 'id' | 'channel_id' | 'title' | 'description' | 'thumbnail_url' | 'status' | 'started_at' | 'ended_at'> & {
  replay_content_id: number | null;
  /** The replay's playlist: a trimmed one once a trim swapped it (decision 046); null on air. */
  replay_video_url: string | null;
};

const LIVE_COLUMNS = ['id', 'channel_id', 'title', 'description', 'thumbnail_url', 'status', 'started_at', 'ended_at'] as const;

/**
 * The reads of the public site. Every query carries its own "is it public" condition, so
 * nothing hidden, reserved, deleted or blinded can be read here by a forgotten check upstream:
 * a channel only in SERVICE, a content only PUBLIC, a live only on air or replayable.
 */
export function publicSiteRepository(db: Db) {
  // A content never published through the studio (seeds, older rows) has no published_at: its creation stands in.
  const shownAt = sql<Date>`coalesce(published_at, created_at)`;

  return {
    async findChannel(channelId: number): Promise<PublicChannelRow | undefined> {
      return db.selectFrom('channels').select(['id', 'name', 'profile_image_url']).where('id', '=', channelId).where('status', '=', 'SERVICE').executeTakeFirst();
    },

    /**
     * The channel's published contents, newest first, at most `limit`, from just below `before` (its
     * shown time and id) when given. Each row carries its shown time as exact text (to the
     * microsecond), from which the next page's cursor is made. Read on the partial index
     * contents_public_newest (migration 0040): any page costs what the first does.
     */
    async listContents(channelId: number, limit: number, before?: PublicContentsCursor): Promise<(ContentRow & { shown_value: string })[]> {
      return db
        .selectFrom('contents')
        .selectAll()
        .select(sql<string>`to_char(coalesce(published_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('shown_value'))
        .where('channel_id', '=', channelId)
        .where('status', '=', 'PUBLIC')
        .$if(before !== undefined, (query) => query.where(sql<boolean>`(${shownAt}, id) < (${before?.at ?? null}::timestamptz, ${before?.id ?? null}::bigint)`))
        .orderBy(shownAt, 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One published content of this channel (another channel's id is not found). */
    async findContent(channelId: number, contentId: number): Promise<ContentRow | undefined> {
      return db.selectFrom('contents').selectAll().where('id', '=', contentId).where('channel_id', '=', channelId).where('status', '=', 'PUBLIC').executeTakeFirst();
    },

    /** Lives on air, newest first, at most `limit` (a replay is listed among the contents, as its content). */
    async listLives(channelId: number, limit: number): Promise<PublicLiveRow[]> {
      return db
        .selectFrom('lives')
        .select(LIVE_COLUMNS)
        .select(sql<null>`null`.as('replay_content_id'))
        .select(sql<null>`null`.as('replay_video_url'))
        .where('channel_id', '=', channelId)
        .where('status', '=', 'START')
        .orderBy(sql`coalesce(started_at, created_at)`, 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One live of this channel that is on air, or ended with its replay published (a hidden or deleted replay is not public). */
    async findLive(channelId: number, liveId: number): Promise<PublicLiveRow | undefined> {
      return db
        .selectFrom('lives')
        .leftJoin('contents as replay', (join) => join.onRef('replay.live_id', '=', 'lives.id').on('replay.status', '=', 'PUBLIC'))
        .select(LIVE_COLUMNS.map((column) => `lives.${column}` as const))
        .select(['replay.id as replay_content_id', 'replay.video_url as replay_video_url'])
        .where('lives.id', '=', liveId)
        .where('lives.channel_id', '=', channelId)
        .where((eb) => eb.or([eb('lives.status', '=', 'START'), eb.and([eb('lives.status', '=', 'END'), eb('replay.id', 'is not', null)])]))
        .executeTakeFirst();
    },
  };
}
