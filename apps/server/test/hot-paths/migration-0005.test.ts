import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor } from '../../src/db/migrate';
import type { Db } from '../../src/db/schema';
import { createDatabaseMigratedTo } from '../helper';

/** Notifications written before 0005 are counted into the new counters, read and unread apart. */

let db: Db;
let drop: () => Promise<void>;
const migrator = () => migratorFor(db);

beforeAll(async () => {
  ({ db, drop } = await createDatabaseMigratedTo('0004-session-idle-and-purge'));
});

afterAll(async () => {
  await drop();
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
    expect((await migrator().migrateTo('0005-hot-paths')).error).toBeUndefined();

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
