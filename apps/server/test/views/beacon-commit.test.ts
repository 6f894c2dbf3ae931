import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { viewRepository } from '../../src/modules/views/view-repository';
import { createChannel, createContent } from '../../src/seed/factories';
import { createTestDatabase } from '../helper';

/**
 * Decision 058: a batch of beacons commits asynchronously, and nothing else does. A row trigger on
 * view_events (this file's own database) writes down `synchronous_commit` as each inserted row sees
 * it, so the test reads the setting inside the beacon transaction; the pool has one connection, so
 * what follows runs on the very connection the beacon transaction used.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let single: Db;
let channel: number;
let content: number;

beforeAll(async () => {
  database = await createTestDatabase();
  single = createDb(database.url, { max: 1, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  channel = await createChannel(database.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  content = await createContent(database.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '영상', thumbnail_url: null });
  await sql`CREATE TABLE commit_modes (n serial PRIMARY KEY, setting text NOT NULL)`.execute(database.db);
  await sql`
    CREATE FUNCTION note_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO commit_modes (setting) VALUES (current_setting('synchronous_commit'));
      RETURN NULL;
    END $$
  `.execute(database.db);
  await sql`CREATE TRIGGER note_commit_mode AFTER INSERT ON view_events FOR EACH ROW EXECUTE FUNCTION note_commit_mode()`.execute(database.db);
});

afterAll(async () => {
  await single.destroy();
  await database.drop();
});

async function modesNoted(): Promise<string[]> {
  const { rows } = await sql<{ setting: string }>`SELECT setting FROM commit_modes ORDER BY n`.execute(database.db);
  await sql`TRUNCATE commit_modes`.execute(database.db);
  return rows.map((row) => row.setting);
}

const showSetting = async (db: Db) => (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]?.synchronous_commit;

describe('the beacon batch commits asynchronously, alone', () => {
  it('inserts every row of the batch with synchronous_commit off', async () => {
    const viewerId = randomUUID();
    await viewRepository(single).insertEvents(
      [
        { contentId: content, channelId: channel, viewerId, kind: 'VIEW_START', seconds: 0, position: 0 },
        { contentId: content, channelId: channel, viewerId, kind: 'HEARTBEAT', seconds: 5, position: 5 },
      ],
      new Date(),
    );
    expect(await modesNoted()).toEqual(['off', 'off']);
  });

  it('leaves the connection durable afterwards: the next statement and the next write on it commit synchronously', async () => {
    await viewRepository(single).insertEvents([{ contentId: content, channelId: channel, viewerId: randomUUID(), kind: 'VIEW_START', seconds: 0, position: null }], new Date());
    expect(await modesNoted()).toEqual(['off']);
    // The same (only) connection of the pool the beacon transaction ran on.
    expect(await showSetting(single)).toBe('on');
    await sql`
      INSERT INTO view_events (content_id, channel_id, viewer_id, kind, seconds, position, received_at)
      VALUES (${content}, ${channel}, ${randomUUID()}, 'VIEW_START', 0, NULL, now())
    `.execute(single);
    expect(await modesNoted()).toEqual(['on']);
    // And the database's default is the durable one: nothing was changed beyond the transaction.
    expect(await showSetting(database.db)).toBe('on');
  });
});
