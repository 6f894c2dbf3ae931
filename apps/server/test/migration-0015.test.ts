import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor } from '../src/db/migrate';
import type { Db } from '../src/db/schema';
import { createDatabaseMigratedTo } from './helper';

/** Landing URLs written without the studio's base path (loop notifications before 0015) get it. */

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseMigratedTo('0014-shorts-contents'));
});

afterAll(async () => {
  await drop();
});

describe('migration 0015', () => {
  it('puts /studio before landing URLs that lack it, and leaves the others alone', async () => {
    const user = await sql<{ id: number }>`INSERT INTO users (issuer, subject, login, name) VALUES ('test', 'landing', 'landing', 'Landing') RETURNING id`.execute(db);
    const userId = user.rows[0]!.id;
    const urls = ['/channels/7/videos/shorts/upload#loop=abc', '/studio/profile/alarm#inviteObjectId=3', 'https://example.com/x', null];
    for (const url of urls) {
      await sql`INSERT INTO notifications (user_id, type, message, landing_url, created_at) VALUES (${userId}, 'OPERATOR_MESSAGE', 'm', ${url}, now())`.execute(db);
    }
    const { error } = await migratorFor(db).migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await sql<{ landing_url: string | null }>`SELECT landing_url FROM notifications WHERE user_id = ${userId} ORDER BY id`.execute(db);
    expect(rows.rows.map((row) => row.landing_url)).toEqual(['/studio/channels/7/videos/shorts/upload#loop=abc', '/studio/profile/alarm#inviteObjectId=3', 'https://example.com/x', null]);
  });
});
