import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BROADCAST_QUEUE } from '../../src/modules/operator/broadcast-job';
import { currentRequestId, runWithRequestId } from '../../src/lib/request-context';
import { createPerson } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

// One id from the edge through the request's log lines, the job it queues, that job's log lines and
// the jobs it queues in turn (issue 22, point 4).
describe('request ids from the edge through the jobs', () => {
  let t: TestContext;
  const lines: Record<string, unknown>[] = [];
  let operatorCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    operatorCookie = await t.cookieFor((await createPerson(t.db, { name: '운영자', isOperator: true })).userId);
  });
  afterAll(() => t.close());

  const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

  it("keeps the edge's id, answers with it and logs the request under it", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'edge-0001-abcdef' } });
    expect(response.headers['x-request-id']).toBe('edge-0001-abcdef');
    expect(linesOf('edge-0001-abcdef').map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('replaces an id that is not a plain token, and names every answer', async () => {
    for (const header of ['short', 'a b c d e f g h', 'x'.repeat(65), '"quoted-id-1234"']) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': header } });
      expect(response.headers['x-request-id']).not.toBe(header);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((line) => line.requestId === header)).toBe(false);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a job queued by a request carries its id into its run and its log lines', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator/notifications/broadcast',
      headers: { cookie: operatorCookie, 'x-request-id': 'edge-broadcast-0002', 'content-type': 'application/json', origin: ORIGIN },
      payload: { message: '점검 안내' },
    });
    expect(response.statusCode).toBeLessThan(300);
    const stored = await sql<{ data: Record<string, unknown> }>`SELECT data FROM pgboss.job WHERE name = ${BROADCAST_QUEUE}`.execute(t.db);
    expect(stored.rows.map((row) => row.data._requestId)).toEqual(['edge-broadcast-0002']);
    expect(await t.app.jobs.drain(BROADCAST_QUEUE)).toBe(1);
    expect(linesOf('edge-broadcast-0002')).toEqual(expect.arrayContaining([expect.objectContaining({ msg: 'job completed', queue: BROADCAST_QUEUE })]));
  });

  it("a job queued by a job carries the first request's id; the handler never sees it in its data", async () => {
    const seen: { data: unknown; requestId: string | undefined }[] = [];
    await t.app.jobs.work<{ step: number }>('test.chain-first', async (data) => {
      seen.push({ data, requestId: currentRequestId() });
      await t.app.jobs.send('test.chain-second', { step: 2 });
    });
    await t.app.jobs.work<{ step: number }>('test.chain-second', async (data) => {
      seen.push({ data, requestId: currentRequestId() });
    });
    await runWithRequestId('edge-chain-0003', () => t.app.jobs.send('test.chain-first', { step: 1 }));
    await t.app.jobs.send('test.chain-first', { step: 1 });
    expect(await t.app.jobs.drain('test.chain-first')).toBe(2);
    expect(await t.app.jobs.drain('test.chain-second')).toBe(2);
    expect(seen).toEqual([
      { data: { step: 1 }, requestId: 'edge-chain-0003' },
      { data: { step: 1 }, requestId: undefined },
      { data: { step: 2 }, requestId: 'edge-chain-0003' },
      { data: { step: 2 }, requestId: undefined },
    ]);
  });
});
