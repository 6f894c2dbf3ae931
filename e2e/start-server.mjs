// Starts the studio for the end-to-end tests exactly as `npm start` does
// (embedded PostgreSQL, migrations, demo world, account service), on its own
// port and in a throwaway data folder that is removed afterwards.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8091';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-'));
// As root, PostgreSQL runs as the user "postgres", which must be able to enter the folder.
chmodSync(dataDir, 0o755);
const pgPort = await freePort();
// Never 1935 in tests: a free port for the embedded RTMP ingest, written to the state file for specs that publish.
const rtmpPort = await freePort();

// The fixtures build each test's data straight in this server's database
// (e2e/tests/db.ts): tell them where it is. The password appears beside the
// data once PostgreSQL is initialised, before the server answers /healthz.
const stateFile = path.join(tmpdir(), `studio-e2e-${port}.json`);
writeFileSync(stateFile, JSON.stringify({ dataDir, pgPort, rtmpPort }));

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    RTMP_PORT: String(rtmpPort),
    RTMP_HOST: '127.0.0.1',
    // Any free port: a studio on this machine may hold the default 9464.
    METRICS_PORT: '0',
    DATABASE_URL: '',
    OIDC_ISSUER: '',
    DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The suite signs in dozens of times a minute from one address; the per-account lockout still applies.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_START_RATE_LIMIT_PER_MINUTE: '1000',
    // Restreaming is tested against an ffmpeg listening on this machine (restream.spec.ts).
    RESTREAM_LOCAL_TARGETS: 'true',
  },
});

// PostgreSQL may still be writing its last files: retry the removal, and never fail the run over it.
const cleanUp = () => {
  rmSync(stateFile, { force: true });
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`could not remove ${dataDir}: ${String(error)}`);
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
