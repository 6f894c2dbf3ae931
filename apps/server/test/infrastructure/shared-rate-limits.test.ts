import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { createPerson } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

// Two instances on one database count one person's per-minute allowance together (issue 22:
// N web instances must not allow N times a limit; decision 042).
const LIMIT = 5;
let t: TestContext;
let other: { app: FastifyInstance; db: Db };
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  const db = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  other = { app: await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: false }), db };
  await other.app.ready();
  cookie = await t.cookieFor((await createPerson(t.db, { name: '신청자' })).userId);
});
afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await t.close();
});

/** A profile-image upload without a file: 400 while allowed, 429 once the minute's allowance is used. */
const upload = (app: FastifyInstance, who = cookie) =>
  app.inject({ method: 'POST', url: '/api/applications/profile-image', headers: { cookie: who, origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });

describe('per-minute limits shared by every instance', () => {
  it("alternating between two instances, a person gets the route's allowance once, not twice", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i += 1) statuses.push((await upload(i % 2 === 0 ? t.app : other.app)).statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual(Array<number>(LIMIT).fill(429));
    const refused = await upload(other.app);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('50 parallel requests over both instances let exactly the allowance through, for another person', async () => {
    const second = await t.cookieFor((await createPerson(t.db, { name: '두 번째 신청자' })).userId);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => upload(i % 2 === 0 ? t.app : other.app, second)));
    expect(answers.filter((answer) => answer.statusCode !== 429)).toHaveLength(LIMIT);
  });

  it('a window that is over starts again', async () => {
    const third = await t.cookieFor((await createPerson(t.db, { name: '세 번째 신청자' })).userId);
    for (let i = 0; i < LIMIT; i += 1) expect((await upload(t.app, third)).statusCode).not.toBe(429);
    expect((await upload(other.app, third)).statusCode).toBe(429);
    // The window began a minute ago (the database's clock decides, the same for every instance).
    await sql`UPDATE rate_limit_windows SET started_at = started_at - interval '61 seconds' WHERE key LIKE ${'%profile-image:%'}`.execute(t.db);
    expect((await upload(other.app, third)).statusCode).not.toBe(429);
  });
});
