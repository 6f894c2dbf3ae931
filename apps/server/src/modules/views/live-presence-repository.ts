import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * A live's concurrent viewers (issue 23, point 2; migration 0029): each viewer's last ping per live,
 * and the most viewers seen in each minute of the live. Counts look only at the pings of the last
 * window, through `live_presence_seen`.
 */
export function livePresenceRepository(db: Db) {
  return {
    /** The live, when it is on air on a channel in service (anyone may watch it); else undefined. */
    async findOnAir(liveId: number): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('lives')
        .innerJoin('channels', 'channels.id', 'lives.channel_id')
        .select('lives.id as id')
        .where('lives.id', '=', liveId)
        .where('lives.status', '=', 'START')
        .where('channels.status', '=', 'SERVICE')
        .executeTakeFirst();
    },

    /** The viewers' pings of a live at `at` (the route sends one viewer; the demo seed a minute's audience). */
    async markPresent(liveId: number, viewerIds: readonly string[], at: Date): Promise<void> {
      if (viewerIds.length === 0) return;
      await db
        .insertInto('live_presence')
        .values(viewerIds.map((viewerId) => ({ live_id: liveId, viewer_id: viewerId, seen_at: at })))
        .onConflict((conflict) => conflict.columns(['live_id', 'viewer_id']).doUpdateSet({ seen_at: sql`greatest(live_presence.seen_at, excluded.seen_at)` }))
        .execute();
    },

    /**
     * Samples the lives on air (all, or one): counts the viewers heard from since `since`, keeps the
     * most of the minute of `at` in `live_viewer_minutes`, and answers each live's count and peak.
     * `onAir: false` with a `liveId` samples that live whatever its status: the demo seed replays an ended live's
     * pings minute by minute through this same statement.
     */
    async sample(at: Date, since: Date, liveId?: number, { onAir = true }: { onAir?: boolean } = {}): Promise<{ liveId: number; viewers: number; peak: number }[]> {
      const { rows } = await sql<{ live_id: number; viewers: number; peak: number }>`
        WITH counted AS (
          SELECT l.id AS live_id, (SELECT count(*) FROM live_presence p WHERE p.live_id = l.id AND p.seen_at > ${since})::integer AS viewers
          FROM lives l WHERE ${onAir || liveId === undefined ? sql`l.status = 'START'` : sql`true`} ${liveId === undefined ? sql`` : sql`AND l.id = ${liveId}`}
        ),
        kept AS (
          INSERT INTO live_viewer_minutes AS m (live_id, minute, viewers)
          SELECT live_id, date_trunc('minute', ${at}::timestamptz), viewers FROM counted
          ON CONFLICT (live_id, minute) DO UPDATE SET viewers = greatest(m.viewers, excluded.viewers)
        )
        SELECT c.live_id, c.viewers,
               greatest(c.viewers, coalesce((SELECT max(viewers) FROM live_viewer_minutes m WHERE m.live_id = c.live_id), 0))::integer AS peak
        FROM counted c
      `.execute(db);
      return rows.map((row) => ({ liveId: Number(row.live_id), viewers: row.viewers, peak: row.peak }));
    },

    /** A live's concurrent viewers (0 when it is not on air) and its peak, this minute's sample kept. */
    async audience(liveId: number, at: Date, since: Date): Promise<{ viewers: number; peakViewers: number }> {
      const [sampled] = await this.sample(at, since, liveId);
      if (sampled) return { viewers: sampled.viewers, peakViewers: sampled.peak };
      return { viewers: 0, peakViewers: await this.peak(liveId) };
    },

    /** A live's peak so far (after it ended too). */
    async peak(liveId: number): Promise<number> {
      const row = await db.selectFrom('live_viewer_minutes').select((eb) => eb.fn.max('viewers').as('peak')).where('live_id', '=', liveId).executeTakeFirst();
      return Number(row?.peak ?? 0);
    },

    /** Forgets pings older than `before`. */
    async prune(before: Date): Promise<void> {
      await db.deleteFrom('live_presence').where('seen_at', '<', before).execute();
    },
  };
}
