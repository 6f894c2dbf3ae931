import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a running studio says which port its embedded RTMP ingest took, so
 * `npm run demo:stream` (scripts/demo-stream.mjs) publishes to the studio that
 * runs, whatever RTMP_PORT it was started with: `${DATA_DIR}/ingest.json`
 * holding `{ pid, port }`. main.ts writes it once listening and removes it on
 * the way out; a file whose process is gone (a crash) is stale and ignored.
 */
const INGEST_FILE_NAME = 'ingest.json';

/** Writes the file and answers the function that removes it. */
export function writeIngestFile(dataDir: string, port: number): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, INGEST_FILE_NAME);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, port })}\n`);
  return () => rmSync(file, { force: true });
}

/** The port of the studio running on this data folder, or null when none runs (or nginx ingests). */
export function readIngestPort(dataDir: string): number | null {
  let recorded: unknown;
  try {
    recorded = JSON.parse(readFileSync(path.join(dataDir, INGEST_FILE_NAME), 'utf8'));
  } catch {
    return null;
  }
  if (typeof recorded !== 'object' || recorded === null) return null;
  const { pid, port } = recorded as { pid?: unknown; port?: unknown };
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  return isRunning(pid as number) ? (port as number) : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
