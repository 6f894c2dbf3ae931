import { spawn } from 'node:child_process';
import { resolveMediaTools } from '../../src/media/media-tool-paths';

/** The encoder the server itself would use (one resolver for the studio and its tests). */
export const FFMPEG = resolveMediaTools({ env: process.env }).ffmpeg;

export type Encoder = {
  /** Resolves when ffmpeg ends, with its exit code and the end of its messages. */
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): Promise<void>;
};

/**
 * A real encoder publishing a test picture and tone over RTMP, as the README's
 * `npm run demo:stream` does (small and fast so tests share two cores).
 */
export function startEncoder(url: string, options: { audio?: boolean; seconds?: number } = {}): Encoder {
  const args = [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-re', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30${options.seconds ? `:duration=${options.seconds}` : ''}`,
    ...(options.audio === false ? [] : ['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100']),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '60', '-pix_fmt', 'yuv420p', '-b:v', '1200k',
    ...(options.audio === false ? [] : ['-c:a', 'aac', '-b:a', '96k', '-shortest']),
    '-f', 'flv', url,
  ];
  const proc = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => proc.on('close', (code) => resolve({ code, stderr })));
  return {
    exited,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls `check` until it answers something truthy, or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
