import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { notificationRepository } from '../../src/modules/notifications/notification-repository';
import { createPerson } from '../../src/seed/factories';
import { createTestDatabase } from '../helper';

// One connection, so every statement below runs on the backend the assertions look at.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 1, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const usersByLogin = (login: string) => db.selectFrom('users').select('id').where('login', '=', login).execute();
const prepared = async () =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%"users"%' AND statement NOT LIKE '%pg_prepared_statements%'`.execute(db)).rows.map(
    (row) => row.statement,
  );

describe('named prepared statements', () => {
  it('a hot query is parsed once on its connection and bound from then on', async () => {
    await usersByLogin('nobody');
    await usersByLogin('someone');
    const statements = await prepared();
    expect(statements).toEqual(['select "id" from "users" where "login" = $1']);
  });

  it('a killed connection takes its statements with it; the next one prepares them again and answers', async () => {
    const backend = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [backend]);
    await admin.end();
    // The first call may meet the dead connection (a 503 in the API); within a few tries it answers again.
    let answered = false;
    for (let attempt = 0; attempt < 20 && !answered; attempt++) {
      answered = await usersByLogin('nobody').then(
        () => true,
        () => false,
      );
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered).toBe(true);
    const after = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid;
    expect(after).not.toBe(backend);
    expect(await prepared()).toEqual(['select "id" from "users" where "login" = $1']);
  });

  it('a list keeps one generic plan after five calls instead of being planned on every call', async () => {
    // Statistics like a studio in use: one long history beside a short one (the planner's estimates decide).
    const busy = await createPerson(db);
    const person = await createPerson(db);
    await sql`INSERT INTO notifications (user_id, type, message, created_at) SELECT ${busy.userId}, 'OPERATOR_MESSAGE', 'filler', now() FROM generate_series(1, 50000)`.execute(db);
    await sql`INSERT INTO notifications (user_id, type, message, created_at) SELECT ${person.userId}, 'OPERATOR_MESSAGE', 'mine', now() FROM generate_series(1, 50)`.execute(db);
    await sql`ANALYZE notifications`.execute(db);
    for (let i = 0; i < 8; i++) await notificationRepository(db).list(person.userId, 'ALL', { page: 0, size: 5 });
    const plans = (
      await sql<{ generic: number; custom: number }>`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE '%"user_counters"%' AND statement NOT LIKE '%pg_prepared_statements%'`.execute(db)
    ).rows;
    expect(plans).toHaveLength(1);
    expect(plans[0]?.generic).toBeGreaterThanOrEqual(3);
  });

  it('statements that cannot be prepared still run: several at once, transaction control, DDL', async () => {
    await sql`CREATE TEMP TABLE scratch (id int); INSERT INTO scratch VALUES (1)`.execute(db);
    await db.transaction().execute(async (tx) => {
      await sql`SET LOCAL statement_timeout = 5000`.execute(tx);
      expect((await sql<{ id: number }>`SELECT id FROM scratch`.execute(tx)).rows).toEqual([{ id: 1 }]);
    });
  });
});
