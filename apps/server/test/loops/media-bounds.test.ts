import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Loop } from '@studio/contract/loop';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import { endedByBounds, launch, run, runBounds, type MediaTools } from '../../src/media/media-tools';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeClips } from './clips';
import { uploadWhole } from './tus';

/**
 * Every media run is bounded (issue 20): what the kernel holds for a run the launcher started, a run
 * stopped by its memory bound, and a transcode stopped by its bounds refused as the file's cost, once.
 */

const paths = resolveMediaTools({ env: process.env });
const tools: MediaTools = { ...paths, memoryMb: { probe: 512, work: 2048 } };

async function until(check: () => boolean, withinMs: number, what: string) {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const procText = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
};

describe('the one launcher', () => {
  it('runs the tool itself (prlimit and nice exec into it) with its memory, CPU and core limits, niced by 10', async () => {
    const { child } = launch(tools, 'probe', 'ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10', '-f', 'null', '-'], { stdio: 'ignore' });
    const pid = child.pid!;
    const closed = new Promise((resolve) => child.once('close', resolve));
    try {
      await until(() => procText(pid, 'comm').trim() === 'ffmpeg', 10_000, 'ffmpeg running under its own pid');
      const limits = procText(pid, 'limits');
      const bounds = runBounds(tools, 'probe');
      expect(limits).toMatch(new RegExp(`Max address space\\s+${bounds.memoryBytes}\\s+${bounds.memoryBytes}\\s+bytes`));
      expect(limits).toMatch(new RegExp(`Max cpu time\\s+${bounds.cpuSeconds}\\s+${bounds.cpuSeconds + 5}\\s+seconds`));
      expect(limits).toMatch(/Max core file size\s+0\s+0\s+bytes/);
      // The 19th field of stat is the nice value (after the parenthesised command name).
      const nice = Number(procText(pid, 'stat').split(') ')[1]!.split(' ')[16]);
      expect(nice).toBe(Math.min(19, getPriority() + 10));
    } finally {
      child.kill('SIGKILL');
      await closed;
    }
  });

  it('stops a run that asks for more memory than its kind may have; the same run unbounded succeeds', async () => {
    // One 12000x12000 frame is 216 MB: more than a probe's 512 MB of address space holds beside ffmpeg's libraries.
    const args = ['-hide_banner', '-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'color=size=12000x12000:duration=1', '-frames:v', '1', '-threads', '1', '-f', 'rawvideo', '-y', '/dev/null'];
    execFileSync(paths.ffmpeg, args, { stdio: 'ignore' });
    const bounded = await run(tools, 'probe', 'ffmpeg', args);
    expect(bounded.stderr).toMatch(/Cannot allocate memory/);
    expect(endedByBounds(bounded)).toBe(true);
  }, 30_000);
});

describe('a transcode past its bounds', () => {
  let t: TestContext;
  let clips: ReturnType<typeof makeClips>;
  let cookie: string;
  let channel: number;

  beforeAll(async () => {
    clips = makeClips();
    // A transcode's address space at the lowest setting: x264 cannot allocate its frames for this clip.
    t = await createTestApp({ env: { MEDIA_WORK_MEMORY_MB: '384' } });
    const owner = await createPerson(t.db);
    cookie = await t.cookieFor(owner.userId);
    channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
    await addMember(t.db, channel, owner.userId, 'OWNER');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is the file\'s cost: the loop is refused with LOOP_TOO_COSTLY at once, never retried', async () => {
    const id = await uploadWhole(t.app, channel, cookie, clips.vertical);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const loop = Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());
    expect(loop).toMatchObject({ status: 'ERROR', errorCode: 'LOOP_TOO_COSTLY' });
    // Nothing went back to the queue for another try.
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);
});
