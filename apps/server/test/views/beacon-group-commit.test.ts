import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statsOf } from '../../src/db/database';
import { rollupGraceMs, viewRollupService, viewService } from '../../src/modules/views/view-service';
import { createChannel, createContent } from '../../src/seed/factories';
import { createTestApp, type TestContext } from '../helper';

/**
 * Group commit (decision 035): the beacons of every request that reaches the writer in one turn of
 * the event loop go out in one INSERT. Before, the first four each sent an INSERT of their own (one
 * to three rows each at 2,000 requests a second); bench:views' one-beacon-a-request run went from
 * ~0.45 INSERTs a request to ~0.1, and the web process's CPU per request from ~0.2 to ~0.15 ms.
 */

let t: TestContext;
let content: number;

beforeAll(async () => {
  t = await createTestApp();
  const channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  content = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '영상', thumbnail_url: null });
  await viewRollupService(t.db, t.clock, { graceMs: rollupGraceMs(t.config.database) }).preparePartitions();
});

afterAll(async () => {
  await t.close();
});

it('writes the batches of fifty requests arriving in one turn in one statement, and answers each once stored', async () => {
  const views = viewService(t.db, t.clock);
  // The content's "public" answer is remembered from here on: what follows is the writes alone.
  await views.accept({ viewerId: randomUUID(), beacons: [{ contentId: content, kind: 'VIEW_START', position: 0 }] });
  const before = statsOf(t.db)?.queries ?? 0;
  const accepted = await Promise.all(Array.from({ length: 50 }, () => views.accept({ viewerId: randomUUID(), beacons: [{ contentId: content, kind: 'HEARTBEAT', seconds: 5, position: 5 }] })));
  expect(accepted).toEqual(Array.from({ length: 50 }, () => 1));
  expect((statsOf(t.db)?.queries ?? 0) - before).toBe(1);
  const stored = await t.db.selectFrom('view_events').select((eb) => eb.fn.countAll<string>().as('n')).where('content_id', '=', content).where('kind', '=', 'HEARTBEAT').executeTakeFirstOrThrow();
  expect(Number(stored.n)).toBe(50);
});
