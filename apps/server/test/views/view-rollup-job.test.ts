import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rollupGraceMs } from '../../src/modules/views/view-service';
import { createChannel, createContent } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

/** With job workers on, as `npm start` runs: the roll-up queues itself at start and keeps running. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ backgroundJobs: true, env: { VIEW_ROLLUP_SECONDS: '1' } });
});

afterAll(async () => {
  await t.close();
});

it('rolls a beacon into its aggregate by itself, the beacon stored in the partition made at start', async () => {
  const channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  const content = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '영상', thumbnail_url: null });
  const answer = await t.app.inject({ method: 'POST', url: '/api/public/beacons', headers: { origin: ORIGIN }, payload: { viewerId: randomUUID(), beacons: [{ contentId: content, kind: 'VIEW_START' }] } });
  expect(answer.statusCode).toBe(202);
  t.clock.advance(rollupGraceMs(t.config.database) + 1_000);
  let views = 0;
  for (let waited = 0; views === 0 && waited < 15_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await t.db.selectFrom('content_views_daily').select('views').where('content_id', '=', content).executeTakeFirst();
    views = Number(row?.views ?? 0);
  }
  expect(views).toBe(1);
  // Start-up made the day's partition before the first beacon, so it did not land in the default one.
  const where = await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM view_events WHERE content_id = ${content}`.execute(t.db);
  expect(where.rows[0]?.partition).toBe(`view_events_p${t.clock.now().toISOString().slice(0, 10).replaceAll('-', '')}`);
});
