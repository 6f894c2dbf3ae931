import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import { LOOP_QUEUE } from '../../src/modules/loops/loop-processing';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';
import { childrenOf, filesUnder, spawnServer, stopServers, untilReady, uploadLoop, type ServerProcess } from '../server-process';

/**
 * The outside probe's `kill -9` in the middle of a transcode, on the real server process
 * (`node --import tsx apps/server/src/main.ts`) with real ffmpeg, pg-boss and PostgreSQL: the server's
 * ffmpeg dies with it; after a restart the loop is handed back and completes once, within the bound
 * (lease + sweep interval + first retry delay, then the transcode itself); one rendition, no scratch left;
 * and the dead server's job, when pg-boss finally takes it back, does nothing.
 */
// LOOP_LEASE_SECONDS (30) + LOOP_SWEEP_SECONDS (10) + the first retry delay (5 s, up to twice that
// with pg-boss's jitter) + a poll: the loop is taken up again within this after the restart.
const HANDED_BACK_WITHIN_MS = 60_000;
// Then the transcode of a 20-second clip, on two cores shared with other test files.
const COMPLETE_WITHIN_MS = HANDED_BACK_WITHIN_MS + 90_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let clip: string;
let cookie: string;
let channel: number;
let port: number;
const servers: ServerProcess[] = [];

async function startServer(): Promise<ServerProcess> {
  const server = spawnServer({ port, databaseUrl: database.url, dataDir, env: { RTMP_INGEST: 'off', LOOP_MAX_SECONDS: '60' } });
  servers.push(server);
  return untilReady(server);
}


/** Whether `pid` still runs `word` (a zombie has ended: only its parent's wait is missing). */
function stillRunning(pid: number, word: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(word);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(250);
  }
}


beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-crash-'));
  clip = path.join(dataDir, 'clip.mp4');
  // Long and large enough that the transcode is under way when the server is killed.
  const { ffmpeg } = resolveMediaTools({ env: process.env });
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  database = await createTestDatabase();
  const owner = await createPerson(database.db);
  channel = await createChannel(database.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  const token = await sessionRepository(database.db).create(owner.userId, null, new Date(Date.now() + 86_400_000), new Date());
  cookie = `${sessionCookieName(false)}=${token}`;
  port = await freePort();
}, 120_000);

afterAll(async () => {
  await stopServers(servers);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (server: ServerProcess) => uploadLoop(server, cookie, channel, clip);

const loopRow = (id: string) => database.db.selectFrom('loops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('kill -9 of the server in the middle of a transcode', () => {
  it('takes its ffmpeg along; after a restart the loop completes once within the bound, one rendition, no scratch left', async () => {
    const first = await startServer();
    const id = await upload(first);

    // The transcode is under way: progress recorded, and the server's ffmpeg writing the rendition in the run's scratch folder.
    await until(() => loopRow(id), (row) => row.status === 'PROCESSING' && row.progress >= 3, 120_000, 'transcoding on the first server');
    const [ffmpeg] = childrenOf(first.child.pid!, 'rendition.mp4');
    expect(ffmpeg, 'the server runs ffmpeg').toBeDefined();
    expect((await loopRow(id)).progress).toBeLessThan(99);

    first.child.kill('SIGKILL');
    await first.exited;
    // The kernel ends it with its parent, at once.
    await until(async () => stillRunning(ffmpeg!, 'ffmpeg'), (running) => !running, 3_000, `ffmpeg ${ffmpeg} after its server was killed`);
    expect(filesUnder(path.join(dataDir, 'run', 'loops')).some((file) => file.endsWith('.work/rendition.mp4')), 'the killed run left its partial rendition').toBe(true);
    expect(filesUnder(path.join(dataDir, 'media', 'loops')), 'nothing is stored before the rendition is whole').toEqual([]);

    const second = await startServer();
    const restarted = Date.now();
    const taken = await until(() => loopRow(id), (row) => row.attempts >= 2, HANDED_BACK_WITHIN_MS, 'handed back and taken up again after the restart');
    expect(taken.attempts).toBe(2);
    const done = await until(() => loopRow(id), (row) => row.status === 'COMPLETE' || row.status === 'ERROR', COMPLETE_WITHIN_MS - (Date.now() - restarted), 'completed after the restart');
    expect(done.status, second.output()).toBe('COMPLETE');
    expect(done.attempts).toBe(2);
    expect(done.thumbnail_names).toHaveLength(3);

    // One rendition, its thumbnails, nothing half-written (the dead run's scratch folder removed by the sweep), the upload gone.
    expect(filesUnder(path.join(dataDir, 'media', 'loops'))).toEqual([done.video_name]);
    expect(filesUnder(path.join(dataDir, 'media', 'thumbnails'))).toEqual([...done.thumbnail_names].sort());
    // The run's scratch folder goes when the run ends, just after the commit that marks the loop complete.
    await until(async () => filesUnder(path.join(dataDir, 'run', 'loops')), (files) => files.length === 0, 10_000, 'no scratch left once the loop completed');
    // The upload goes just after the loop is marked complete (its removal follows the commit).
    await until(async () => filesUnder(path.join(dataDir, 'uploads', 'loops')), (files) => files.length === 0, 10_000, 'the upload removed once the loop completed');

    // The dead server's job, still "active" in pg-boss, is taken back one day (its expiry) and runs: it
    // must find the loop done and do nothing. Played now by making it due as the expiry would.
    const { rows: stale } = await sql<{ id: string }>`
      UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE name = ${LOOP_QUEUE} AND data->>'loopId' = ${id} AND state = 'active' RETURNING id`.execute(database.db);
    expect(stale).toHaveLength(1);
    await until(
      async () => (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${stale[0]!.id}::uuid`.execute(database.db)).rows[0]?.state,
      (state) => state === 'completed',
      20_000,
      'the late job ran',
    );
    const after = await loopRow(id);
    expect(after).toMatchObject({ status: 'COMPLETE', attempts: 2, video_name: done.video_name });
    expect(after.updated_at).toEqual(done.updated_at);
    expect(filesUnder(path.join(dataDir, 'media', 'loops'))).toEqual([done.video_name]);
  }, 300_000);
});
