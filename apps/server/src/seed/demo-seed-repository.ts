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
