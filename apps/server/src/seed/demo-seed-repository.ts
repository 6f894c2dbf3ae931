import { sql } from 'kysely';
import type { ContentKind } from '@studio/contract/enums';
import type { Db } from '../db/schema';

/** Claims the one-row demo marker; false when another run (or instance) already seeded this database. */
export async function claimDemoSeed(db: Db): Promise<boolean> {
  const marker = await db
    .insertInto('demo_seed')
    .values({ id: 1 })
    .onConflict((c) => c.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return marker !== undefined;
}

/** The contents anyone may watch, with what the demo's view history needs of them. */
export async function publicContentsForViews(db: Db): Promise<{ id: number; channelId: number; kind: ContentKind; viewCount: number; durationSeconds: number | null; publishedAt: Date }[]> {
  const rows = await db
    .selectFrom('contents')
    .innerJoin('channels', 'channels.id', 'contents.channel_id')
    .select(['contents.id', 'contents.channel_id', 'contents.kind', 'contents.view_count', 'contents.duration_seconds', 'contents.created_at', 'contents.published_at'])
    .where('contents.status', '=', 'PUBLIC')
    .where('channels.status', 'in', ['SERVICE', 'VIEWONLY'])
    .orderBy('contents.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    kind: row.kind,
    viewCount: row.view_count,
    durationSeconds: row.duration_seconds,
    publishedAt: row.published_at ?? row.created_at,
  }));
}

/**
 * After the demo's history has been rolled up, each content's `view_count` is the count the demo gave
 * it plus the views the roll-up counted. The demo's figure stands for the content's whole life, the
 * counted views for its last 90 days: the part of the figure before them is what remains, so the
 * count shown is the demo's figure (or the counted views, where they are more), and every view
 * counted from now on adds to it exactly.
 */
export async function settleDemoViewCounts(db: Db): Promise<void> {
  await sql`
    UPDATE contents c SET view_count = greatest(c.view_count - counted.views, counted.views)
    FROM (SELECT content_id, sum(views) AS views FROM content_views_daily GROUP BY content_id) AS counted
    WHERE c.id = counted.content_id
  `.execute(db);
}

/** The demo's ended lives, with when they were on air. */
export async function endedLivesForViewers(db: Db): Promise<{ id: number; startedAt: Date; endedAt: Date }[]> {
  const rows = await db
    .selectFrom('lives')
    .select(['id', 'started_at', 'ended_at'])
    .where('status', '=', 'END')
    .where('started_at', 'is not', null)
    .where('ended_at', 'is not', null)
    .orderBy('id')
    .$narrowType<{ started_at: Date; ended_at: Date }>()
    .execute();
  return rows.map((row) => ({ id: row.id, startedAt: row.started_at, endedAt: row.ended_at }));
}

/** The media channels and their subscriber counts. */
export async function mediaChannelSubscribers(db: Db): Promise<{ id: number; subscribers: number }[]> {
  const rows = await db.selectFrom('channels').select(['id', 'subscriber_count']).where('channel_type', '=', 'MEDIA_CHANNEL').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, subscribers: row.subscriber_count }));
}

export async function setSubscriberCount(db: Db, channelId: number, subscribers: number): Promise<void> {
  await db.updateTable('channels').set({ subscriber_count: subscribers }).where('id', '=', channelId).execute();
}
