import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratorFor } from '../../src/db/migrate';
import type { Db } from '../../src/db/schema';
import { createDatabaseMigratedTo } from '../helper';

/** Notifications written before 0006 are counted into the new totals, the operator's apart, and kept from then on. */

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createDatabaseMigratedTo('0005-hot-paths'));
});

afterAll(async () => {
  await drop();
});

describe('migration 0006', () => {
  it('starts the totals at what COUNT(*) said, keeps the unread count, and moves all three together after', async () => {
    const { rows: users } = await sql<{ id: number }>`
      INSERT INTO users (issuer, subject, login, name) VALUES ('t', '1', 'a', 'a'), ('t', '2', 'b', 'b') RETURNING id`.execute(db);
    const [a, b] = users.map((row) => Number(row.id));
    const { rows: channels } = await sql<{ id: number }>`
      INSERT INTO channels (name, channel_type, created_at, updated_at) VALUES ('c', 'MEDIA_CHANNEL', now(), now()) RETURNING id`.execute(db);
    const channel = Number(channels[0]?.id);
    // a: 12 about the channel (4 unread), 5 from the operator (read); b: 3 read from the operator.
    await sql`
      INSERT INTO notifications (user_id, channel_id, type, message, read_at)
      SELECT ${a}::bigint, ${channel}::bigint, 'MEMBER_LEFT', 'm', CASE WHEN n % 3 = 0 THEN NULL ELSE now() END FROM generate_series(1, 12) AS n
      UNION ALL SELECT ${a}::bigint, NULL, 'OPERATOR_MESSAGE', 'm', now() FROM generate_series(1, 5)
      UNION ALL SELECT ${b}::bigint, NULL, 'OPERATOR_MESSAGE', 'm', now() FROM generate_series(1, 3)`.execute(db);
    expect((await migratorFor(db).migrateTo('0006-notification-delivery')).error).toBeUndefined();

    const counters = async () =>
      Object.fromEntries(
        (await db.selectFrom('user_counters').select(['user_id', 'unread_notifications', 'total_notifications', 'operator_notifications']).execute()).map(
          (row) => [Number(row.user_id), [row.unread_notifications, row.total_notifications, row.operator_notifications]],
        ),
      );
    expect(await counters()).toEqual({ [a!]: [4, 17, 5], [b!]: [0, 3, 3] });

    await sql`INSERT INTO notifications (user_id, channel_id, type, message) VALUES (${b}, ${channel}, 'MEMBER_LEFT', 'new'), (${b}, NULL, 'OPERATOR_MESSAGE', 'new')`.execute(db);
    await sql`UPDATE notifications SET read_at = now() WHERE user_id = ${a} AND read_at IS NULL`.execute(db);
    await sql`DELETE FROM notifications WHERE user_id = ${a} AND channel_id IS NULL AND id % 2 = 0`.execute(db);
    const { rows } = await sql<{ total: number; operator: number }>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE channel_id IS NULL)::int AS operator FROM notifications WHERE user_id = ${a}`.execute(db);
    expect(await counters()).toEqual({ [a!]: [0, rows[0]?.total, rows[0]?.operator], [b!]: [2, 5, 4] });
  });
});
