import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_PAYLOAD_PURGE_QUEUE, purgeExpiredOidcPayloads } from '../../src/accounts/oidc-payload-purge';
import { oidcPayloadRepository } from '../../src/accounts/oidc-payload-repository';
import type { Db } from '../../src/db/schema';
import { createTestApp, createTestDatabase, type TestContext } from '../helper';

let t: TestContext;

beforeAll(async () => {
  // An instance with workers, as `npm start` runs it, with a round of one second instead of fifteen minutes.
  t = await createTestApp({ backgroundJobs: true, env: { ACCOUNT_PURGE_INTERVAL_SECONDS: '1' } });
});

afterAll(async () => {
  await t.close();
});

/** Provider rows as the adapter writes them: expiry from the system clock, judged by the database's. */
async function writeRows(prefix: string, count: number, expiresIn: string | null, db: Db = t.db) {
  const expiresAt = expiresIn === null ? sql`NULL` : sql`now() + ${expiresIn}::interval`;
  await sql`
    INSERT INTO account.oidc_payloads (model, id, payload, expires_at)
    SELECT 'AccessToken', ${prefix} || '-' || n, '{}'::jsonb, ${expiresAt} FROM generate_series(1, ${count}::int) AS n
  `.execute(db);
}

const idsLike = async (prefix: string, db: Db = t.db) =>
  (await db.selectFrom('account.oidc_payloads').select('id').where('id', 'like', `${prefix}-%`).execute()).length;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}

describe("the purge of the account service's expired rows", () => {
  it('is a recurring job on an instance with workers: expired rows go, round after round; live and unexpiring rows stay', async () => {
    await writeRows('expired', 2_500, '-1 minute');
    await writeRows('live', 3, '1 hour');
    await writeRows('forever', 2, null);
    // Expires only after the first runs: gone by a later round, not by the one that saw it alive.
    await writeRows('soon', 4, '2 seconds');

    const gone = await waitFor(async () => (await idsLike('expired')) === 0 && (await idsLike('soon')) === 0, 12_000);
    expect({ expired: await idsLike('expired'), soon: await idsLike('soon') }).toEqual({ expired: 0, soon: 0 });
    expect(gone).toBe(true);
    expect(await idsLike('live')).toBe(3);
    expect(await idsLike('forever')).toBe(2);

    // One round: never more than one run waiting, whatever has run before.
    const waiting = await sql<{ count: string }>`SELECT count(*) FROM pgboss.job WHERE name = ${OIDC_PAYLOAD_PURGE_QUEUE} AND state = 'created'`.execute(t.db);
    expect(Number(waiting.rows[0]?.count)).toBeLessThanOrEqual(1);
    const ran = await sql<{ count: string }>`SELECT count(*) FROM pgboss.job WHERE name = ${OIDC_PAYLOAD_PURGE_QUEUE} AND state = 'completed'`.execute(t.db);
    expect(Number(ran.rows[0]?.count)).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('deletes in bounded batches', async () => {
    // A database no worker touches, so every row counted here went by the calls below.
    const own = await createTestDatabase();
    try {
      await writeRows('batch', 25, '-1 second', own.db);
      await writeRows('kept', 3, '1 hour', own.db);
      const payloads = oidcPayloadRepository(own.db);
      expect(await payloads.purgeExpiredBatch(10)).toBe(10);
      expect(await idsLike('batch', own.db)).toBe(15);
      expect(await purgeExpiredOidcPayloads(own.db, 10)).toBe(15);
      expect(await idsLike('batch', own.db)).toBe(0);
      expect(await idsLike('kept', own.db)).toBe(3);
    } finally {
      await own.drop();
    }
  });
});
