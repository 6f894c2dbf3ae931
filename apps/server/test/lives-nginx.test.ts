import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDetail, StreamKey, StreamState } from '@studio/contract/live';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';
import { eventually, startEncoder } from './lives/encoder';

/**
 * The production ingest of docs/nginx-rtmp.md, run for real: Debian's nginx
 * with libnginx-mod-rtmp, configured from deploy/nginx/rtmp.conf.template,
 * calling the studio's on_publish / on_publish_done endpoints, with ffmpeg
 * publishing to it. scripts/ensure-media-tools.mjs --nginx installs nginx and
 * the module before the tests (as root with apt-get), so this never skips.
 */

const NGINX = '/usr/sbin/nginx';
const MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const TOKEN = 'nginx-callback-token-0123456789';

let t: TestContext;
let dir: string;
let nginx: ChildProcess;
let rtmpPort: number;
let channelId: number;
let owner: string;
const log: string[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  expect(existsSync(NGINX) && existsSync(MODULE), 'nginx and libnginx-mod-rtmp (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
  t = await createTestApp({ env: { RTMP_INGEST: 'off', INGEST_CALLBACK_TOKEN: TOKEN }, logStream: { write: (line: string) => void log.push(line) } });
  const studioUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-rtmp-'));
  rtmpPort = await freePort();
  const template = await readFile(path.resolve(import.meta.dirname, '../../../deploy/nginx/rtmp.conf.template'), 'utf8');
  const rtmp = template
    .replaceAll('${RTMP_LISTEN}', `127.0.0.1:${rtmpPort}`)
    .replaceAll('${STUDIO_URL}', studioUrl)
    .replaceAll('${INGEST_CALLBACK_TOKEN}', TOKEN);
  // The frame a package install gives (module loading, a process to run it), here in a temporary prefix.
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `load_module ${MODULE};\ndaemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\n${rtmp}`,
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(rtmpPort, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    10_000,
    'nginx listening',
  );
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
});

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('nginx-rtmp production ingest', () => {
  it('accepts a current key through on_publish, shows it receiving, starts, and interrupts on on_publish_done', async () => {
    const base = `/api/channels/${channelId}/lives`;
    const kamp = (await call(t.app, 'POST', `${base}/streams?title=nginx`, owner)).json<{ kampChannelId: string }>().kampChannelId;
    const key = (await call(t.app, 'GET', `${base}/streams`, owner)).json<StreamKey[]>().find((k) => k.kampChannelId === kamp)!;
    const liveId = (await call(t.app, 'POST', `${base}/create?kampChannelId=${kamp}`, owner)).json<{ liveId: number }>().liveId;
    const state = async () => (await call(t.app, 'GET', `${base}/streams/state/${liveId}`, owner)).json<StreamState>();

    const wrong = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/live_0123456789abcdef0123456789abcdef01234567`);
    expect((await wrong.exited).code).not.toBe(0);
    expect((await state()).reception).toBe('IDLE');

    const encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${key.streamKey}`);
    try {
      await eventually(async () => (await state()).reception === 'RECEIVING', 5000, 'receiving through nginx');
      expect((await call(t.app, 'POST', `${base}/${liveId}/start`, owner)).json<LiveDetail>().status).toBe('START');
    } finally {
      await encoder.stop();
    }
    await eventually(async () => (await state()).reception === 'INTERRUPTED', 5000, 'interrupted after on_publish_done');
    // The callbacks' token and the key stay out of the studio's log, and nginx writes no access log.
    const text = log.join('');
    expect(text).toContain('/ingest/on_publish');
    expect(text).not.toContain(key.streamKey);
    expect(text).not.toContain(TOKEN);
    expect(existsSync(path.join(dir, 'logs/access.log'))).toBe(false);
    const nginxLog = await readFile(path.join(dir, 'error.log'), 'utf8');
    expect(nginxLog, "nginx's own log at level warn (info and notice lines name the stream)").not.toContain(key.streamKey);
  });
});
