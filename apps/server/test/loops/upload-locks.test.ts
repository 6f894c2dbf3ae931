import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Loop } from '@studio/contract/loop';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { uploadLocker } from '../../src/modules/loops/upload-locker';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeClips } from './clips';
import { tusHeaders } from './tus';

// Issue 22: the pieces of one resumable upload may reach two instances; one of them writes at a time.

let t: TestContext;
let other: { app: FastifyInstance; db: Db };
let clips: ReturnType<typeof makeClips>;
let channel: number;
let cookie: string;

const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  const db = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  // The same configuration, so the same folder for uploads: what a shared store (the bucket) is to two machines.
  other = { app: await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: false }), db };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { name: '업로드 잠금 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 60_000);

afterAll(async () => {
  await other?.app.close();
  await other?.db.destroy();
  await t?.close();
});

async function createUpload(length: number): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(length) }) });
  expect(created.statusCode, created.body).toBe(201);
  return created.headers.location as string;
}

const head = async (base: string, location: string) => {
  const answer = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(cookie) });
  return { status: answer.status, offset: Number(answer.headers.get('upload-offset')), at: Date.now() };
};

describe('one writer per upload across instances', () => {
  it('a resume through instance B while A still reads a stalled piece: A is told to let go first, B finds what A stored, and the upload completes whole', async () => {
    const bytes = readFileSync(clips.vertical);
    const half = Math.floor(bytes.length / 2);
    const location = await createUpload(bytes.length);

    // A client's piece to A stalls halfway (a phone that lost its network; the connection stays half-open).
    let aEndedAt: number | null = null;
    const stalled = httpRequest(`${baseOf(t.app)}${location}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), 'content-length': String(bytes.length) },
    });
    const aDone = new Promise<void>((resolve) => {
      const ended = () => {
        aEndedAt ??= Date.now();
        resolve();
      };
      stalled.on('response', (response) => {
        response.resume();
        response.on('end', ended);
      });
      stalled.on('error', ended);
      stalled.on('close', ended);
    });
    stalled.write(bytes.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(aEndedAt).toBeNull();

    // The client resumes through B: B's HEAD waits until A has stored what it received and let go.
    const resumed = await head(baseOf(other.app), location);
    // A's answer and B's are sent in the same few milliseconds (A answers right after letting go); without
    // one holder across instances, B answers at once and A's request stays open for good.
    await Promise.race([aDone, new Promise((resolve) => setTimeout(resolve, 500))]);
    expect(aEndedAt, 'A still held the upload when B answered').not.toBeNull();
    expect(aEndedAt! - resumed.at).toBeLessThan(500);
    expect(resumed.status).toBe(200);
    expect(resumed.offset).toBe(half);

    const rest = await fetch(`${baseOf(other.app)}${location}`, {
      method: 'PATCH',
      headers: tusHeaders(cookie, { 'upload-offset': String(resumed.offset), 'content-type': 'application/offset+octet-stream' }),
      body: bytes.subarray(resumed.offset),
    });
    expect(rest.status).toBe(204);
    expect(Number((await head(baseOf(t.app), location)).offset)).toBe(bytes.length);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const id = location.split('/').pop()!;
    const loop = Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());
    expect(loop.status).toBe('COMPLETE');
    // Nobody holds it afterwards.
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM upload_locks WHERE upload_id = ${id}`.execute(t.db)).rows[0]!.n).toBe(0);
  }, 60_000);

  it('a holder that died lets go when its lease runs out; one that does not is a 409 LOOP_UPLOAD_BUSY once the wait is over', async () => {
    const location = await createUpload(1_000);
    const id = location.split('/').pop()!;
    // A lease left by an instance that was killed, running out in a second.
    await sql`INSERT INTO upload_locks (upload_id, token, expires_at) VALUES (${id}, 'gone', clock_timestamp() + interval '1 second')`.execute(t.db);
    const started = Date.now();
    const answer = await head(baseOf(other.app), location);
    expect(answer.status).toBe(200);
    expect(answer.at - started).toBeGreaterThanOrEqual(700);

    // Held for a minute by nobody that answers: the locker gives up after its wait with the refusal it was given.
    await sql`INSERT INTO upload_locks (upload_id, token, expires_at) VALUES (${id}, 'stuck', clock_timestamp() + interval '60 seconds')`.execute(t.db);
    const refusal = new Error('busy');
    const locker = uploadLocker({ db: t.db, announce: async () => {}, listening: () => true, acquireTimeoutMs: 400, busy: () => refusal, warn: () => {} });
    await expect(locker.newLock(id).lock(new AbortController().signal, () => {})).rejects.toBe(refusal);
  }, 60_000);
});
