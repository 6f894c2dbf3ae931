import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb } from '../../src/db/database';
import * as initial from '../../src/db/migrations/0001-initial';
import * as channelManagement from '../../src/db/migrations/0002-channel-management';
import * as structuredNotifications from '../../src/db/migrations/0003-structured-notifications';
import * as sessionIdleAndPurge from '../../src/db/migrations/0004-session-idle-and-purge';
import * as hotPaths from '../../src/db/migrations/0005-hot-paths';
import type { Db } from '../../src/db/schema';

/** Notifications written before 0005 are counted into the new counters, read and unread apart. */

const adminUrl = inject('adminDatabaseUrl');
const name = `studio_test_migration_${randomBytes(4).toString('hex')}`;
let db: Db;

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-channel-management': channelManagement,
  '0003-structured-notifications': structuredNotifications,
  '0004-session-idle-and-purge': sessionIdleAndPurge,
  '0005-hot-paths': hotPaths,
};
const migrator = () => new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  db = createDb(url.href, { max: 1, statementTimeoutMs: 0 });
  const before = await migrator().migrateTo('0004-session-idle-and-purge');
  expect(before.error).toBeUndefined();
});

afterAll(async () => {
  await db.destroy();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0005', () => {
  it('starts every counter at what COUNT(*) said, and keeps it from then on', async () => {
    const { rows: users } = await sql<{ id: number }>`
      INSERT INTO users (issuer, subject, login, name) VALUES ('t', '1', 'a', 'a'), ('t', '2', 'b', 'b'), ('t', '3', 'c', 'c') RETURNING id`.execute(db);
    const [a, b, c] = users.map((row) => Number(row.id));
    await sql`
      INSERT INTO notifications (user_id, type, message, read_at)
      SELECT ${a}::bigint, 'OPERATOR_MESSAGE', 'm', CASE WHEN n % 4 = 0 THEN now() END FROM generate_series(1, 20) AS n
      UNION ALL SELECT ${b}::bigint, 'OPERATOR_MESSAGE', 'm', now() FROM generate_series(1, 3)`.execute(db);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();

    const counters = async () =>
      Object.fromEntries(
        (await db.selectFrom('user_counters').select(['user_id', 'unread_notifications']).execute()).map((row) => [Number(row.user_id), row.unread_notifications]),
      );
    expect(await counters()).toEqual({ [a!]: 15 });
    await sql`INSERT INTO notifications (user_id, type, message) VALUES (${b}, 'OPERATOR_MESSAGE', 'new'), (${c}, 'OPERATOR_MESSAGE', 'new')`.execute(db);
    await sql`UPDATE notifications SET read_at = now() WHERE user_id = ${a} AND read_at IS NULL AND id % 2 = 0`.execute(db);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${a} AND read_at IS NULL`.execute(db);
    expect(await counters()).toEqual({ [a!]: rows[0]?.n, [b!]: 1, [c!]: 1 });
  });
});
