import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { launchPiped, type MediaTools } from '../../../media/media-tools';
import { writeUnlessBehind } from './stream-hub';

/**
 * An ffmpeg child fed FLV tags from the hub on its standard input (the HLS recorder and each restream
 * forward): the end of what it says kept for the reason of a failure, a feed that drops what a stuck
 * child does not take, and an end that lets it finish what it holds.
 */
export function launchFed(tools: MediaTools, args: string[]) {
  const ffmpeg = launchPiped(tools, 'remux', 'ffmpeg', args);
  let stderr = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
  ffmpeg.stdin.on('error', () => undefined);
  return {
    ffmpeg,
    /** The last 2000 characters it wrote to its standard error. */
    stderr: () => stderr,
    forgetStderr: () => void (stderr = ''),
    feed(chunk: Buffer): void {
      if (ffmpeg.stdin.writable) writeUnlessBehind(ffmpeg.stdin, chunk);
    },
  };
}

/** Ends a fed child: its input closes, it finishes what it holds, and is killed past `graceMs`; resolves once `closed` does. */
export async function endFed(ffmpeg: ChildProcessWithoutNullStreams, closed: Promise<unknown>, graceMs: number): Promise<void> {
  ffmpeg.stdin.end();
  const kill = setTimeout(() => ffmpeg.kill('SIGKILL'), graceMs);
  await closed;
  clearTimeout(kill);
}

/** Calls for one live take turns: each starts once the one before it has ended, failed or not. */
export function turnTaker() {
  const turns = new Map<number, Promise<unknown>>();
  return function inTurn<T>(liveId: number, work: () => Promise<T>): Promise<T> {
    const previous = turns.get(liveId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    turns.set(liveId, settled);
    void settled.then(() => {
      if (turns.get(liveId) === settled) turns.delete(liveId);
    });
    return next;
  };
}
