import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup';
import { createTestDatabase } from './helper';
import { spawnServer } from './server-process';

/**
 * `npm run demo:stream` publishes to the studio that runs, on the RTMP port it
 * took (issue 25, point 6): the real server process started with RTMP_PORT=0,
 * and the real script asked where it would publish.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function demoStreamUrl(dataDir: string, env: Record<string, string> = {}) {
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/demo-stream.mjs', '--print-url'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
  });
  return { url: stdout.trim(), stderr };
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-demo-stream-'));
});

afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run demo:stream', () => {
  // A real server process starts in seconds, more on a busy machine.
  it('publishes to the running studio’s RTMP port, and falls back once it stops', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = spawnServer({ port, databaseUrl: database.url, dataDir });
    const { child } = server;
    try {
      let announced: RegExpMatchArray | null = null;
      for (const started = Date.now(); !(announced = /RTMP ingest at rtmp:\/\/[^:]+:(\d+)\/live/.exec(server.output())); ) {
        if (child.exitCode !== null) throw new Error(`server exited at start-up:\n${server.output()}`);
        if (Date.now() - started > 45_000) throw new Error(`server not ready:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const rtmpPort = Number(announced[1]);
      expect(rtmpPort).not.toBe(1935);

      const { url } = await demoStreamUrl(dataDir);
      expect(url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
      expect(await canConnect(rtmpPort)).toBe(true);
      // RTMP_URL still overrides.
      expect((await demoStreamUrl(dataDir, { RTMP_URL: 'rtmp://example.test/live' })).url).toBe('rtmp://example.test/live');
    } finally {
      child.kill('SIGTERM');
      await server.exited;
    }
    expect(existsSync(path.join(dataDir, 'ingest.json'))).toBe(false);
    const stopped = await demoStreamUrl(dataDir, { RTMP_PORT: '1999' });
    expect(stopped.url).toBe('rtmp://127.0.0.1:1999/live');
    expect(stopped.stderr).toContain('No studio is running');
  });

  it('ignores what a crashed studio left behind', async () => {
    // A pid that cannot run: above the kernel's pid_max.
    writeFileSync(path.join(dataDir, 'ingest.json'), JSON.stringify({ pid: 2 ** 30, port: 4242 }));
    expect((await demoStreamUrl(dataDir)).url).toBe('rtmp://127.0.0.1:1935/live');
    writeFileSync(path.join(dataDir, 'ingest.json'), 'not json');
    expect((await demoStreamUrl(dataDir)).url).toBe('rtmp://127.0.0.1:1935/live');
  });
});
