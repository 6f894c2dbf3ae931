import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The real server process (`node --import tsx apps/server/src/main.ts`), as an orchestrator runs it,
 * for the tests that kill it, restart it, split its roles or read what it prints. Free of any test
 * runner's API: the Vitest tiers and the Playwright tier (e2e/tests/balanced.spec.ts) both use it.
 */
const root = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = { child: ChildProcess; base: string; output: () => string; exited: Promise<number | null> };

/**
 * Starts one on `port`, on a test database and data folder, quiet and never on 1935 or 9464 (any free
 * port for RTMP and metrics); `env` adds to or overrides that.
 */
export function spawnServer(options: {
  port: number;
  /** null: none, so the server starts its embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  env?: Record<string, string>;
  /** The server leads a process group of its own, which a test can signal as a terminal's Ctrl-C does. */
  detached?: boolean;
}): ServerProcess {
  let output = '';
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(options.databaseUrl === null ? {} : { DATABASE_URL: options.databaseUrl }),
      DATA_DIR: options.dataDir,
      DEMO: 'false',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      RTMP_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      // Generous: the machine is shared, and a slow statement is not what these tests are about.
      DB_STATEMENT_TIMEOUT_MS: '10000',
      DB_CONNECT_TIMEOUT_MS: '5000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base, output: () => output, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until /readyz answers; fails with what the server printed if it exits or takes longer than `withinMs`. */
export async function untilReady(server: ServerProcess, withinMs = 60_000): Promise<ServerProcess> {
  for (const started = Date.now(); ; ) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`server exited at start-up:\n${server.output()}`);
    if (await fetch(`${server.base}/readyz`).then((response) => response.ok, () => false)) return server;
    if (Date.now() - started > withinMs) throw new Error(`server not ready:\n${server.output()}`);
    await sleep(200);
  }
}

/** Ends every server still running: SIGTERM, and SIGKILL for one still there after 15 s. */
export async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, sleep(15_000)]);
      server.child.kill('SIGKILL');
    }
  }
}

/** Uploads a video file over tus to the server, as the browser does; answers the loop id. */
export async function uploadLoop(server: ServerProcess, cookie: string, channelId: number, file: string): Promise<string> {
  const bytes = readFileSync(file);
  const headers = { cookie, origin: server.base, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.base}/api/channels/${channelId}/loops/uploads`, { method: 'POST', headers: { ...headers, 'upload-length': String(bytes.length) } });
  if (created.status !== 201) throw new Error(`upload not created: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  const patched = await fetch(new URL(location, server.base), { method: 'PATCH', headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: bytes });
  if (patched.status !== 204) throw new Error(`upload not taken: ${patched.status} ${await patched.text()}`);
  return location.split('/').pop()!;
}

/** Processes whose parent is `parent` and whose command line mentions `word`, read from /proc. */
export function childrenOf(parent: number, word: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(word)) found.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

/** Every file under `dir`, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
