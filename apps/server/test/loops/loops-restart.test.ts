import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Loop } from '@studio/contract/loop';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { uploadWhole } from './tus';

/**
 * A restart in the middle of a transcode: the instance that runs it stops (as on SIGTERM), its ffmpeg
 * is ended and the loop goes back to the queue, never left in PROCESSING; the next instance on the
 * same database picks the job up again and finishes it. Real ffmpeg, real pg-boss workers.
 */

let t: TestContext;
let clipDir: string;
let clip: string;
let cookie: string;
let channel: number;
const pools: Db[] = [];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Another studio instance on the test's database, with its job workers running as `npm start` runs them. */
async function instance(): Promise<FastifyInstance> {
  const db = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  pools.push(db);
  const app = await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: true });
  await app.ready();
  return app;
}

beforeAll(async () => {
  clipDir = mkdtempSync(path.join(tmpdir(), 'studio-restart-clip-'));
  clip = path.join(clipDir, 'long-vertical.mp4');
  // Long and large enough that the transcode is still running when the instance stops.
  const { ffmpeg } = resolveMediaTools({ env: process.env });
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '40', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '60' } });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 120_000);

afterAll(async () => {
  for (const db of pools) await db.destroy();
  await t.close();
  rmSync(clipDir, { recursive: true, force: true });
});

describe('a restart while a loop is processed', () => {
  it('gives the job back to the queue (never stuck in PROCESSING) and the next instance finishes it', async () => {
    const first = await instance();
    const id = await uploadWhole(t.app, channel, cookie, clip);

    const loopOf = async () => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());
    // The first instance's worker takes the job and ffmpeg is under way.
    await until(loopOf, (loop) => loop.status === 'PROCESSING', 60_000, 'processing on the first instance');

    // The first instance stops, as on SIGTERM.
    await first.close();
    const after = await loopOf();
    expect(after.status).toBe('RESERVED');
    expect(after.progress).toBe(0);

    // The next instance takes the job up again (pg-boss retries it) and finishes it.
    const second = await instance();
    try {
      const done = await until(loopOf, (loop) => loop.status === 'COMPLETE' || loop.status === 'ERROR', 150_000, 'done on the second instance');
      expect(done.status).toBe('COMPLETE');
      expect(done.thumbnails).toHaveLength(3);
    } finally {
      await second.close();
    }
  }, 240_000);
});
