import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { endedByBounds, MAX_PIXELS_ARGS, MediaProbeError, probe, run, type MediaTools, type ProbeResult } from '../../media/media-tools';
import type { MediaStore } from '../../media/media-store';
import { landing, notify as notifyPeople } from '../notifications/notification-producer';
import { loopRepository, type LoopRow } from './loop-repository';

/** The queue of loop transcodes (one job per loop at a time). */
export const LOOP_QUEUE = 'loop.process';
/** Attempts before a loop that keeps failing for reasons of ours (not its file's) is marked ERROR. */
export const LOOP_MAX_ATTEMPTS = 4;

/** A person stopped or deleted the loop while it was being made. */
class Stopped extends Error {}

/** A failure of the file itself: retrying cannot help, so the loop goes to ERROR at once. */
class PermanentFailure extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * The rendition players get everywhere: H.264 (high, yuv420p) and AAC, the long side at most 1280
 * and the short at most 720 (a 1080x1920 portrait clip becomes 720x1280, its 9:16 kept), never
 * enlarged, with the index at the front so playback starts before the download ends. The stream
 * measured by the probe is the one made; the decoder refuses a frame over the pixel bound even if it
 * appears after the first; and whatever the file held, the rendition stops at the length limit (and
 * at its video's end: a longer audio track does not make it play longer than it is listed).
 */
export function renditionArgs(source: string, output: string, probed: { width: number; height: number; streamIndex: number }, maxSeconds: number): string[] {
  const portrait = probed.height > probed.width;
  const [boxW, boxH] = portrait ? [720, 1280] : [1280, 720];
  const scale = Math.min(1, boxW / probed.width, boxH / probed.height);
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return [
    '-hide_banner', '-nostdin', '-y', '-xerror',
    ...MAX_PIXELS_ARGS,
    '-i', source,
    '-map', `0:${probed.streamIndex}`, '-map', '0:a:0?',
    '-vf', `scale=${even(probed.width)}:${even(probed.height)}:flags=bicubic,setsar=1`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-t', String(maxSeconds), '-shortest',
    '-movflags', '+faststart',
    '-progress', 'pipe:1', '-nostats',
    '-f', 'mp4', output,
  ];
}

type Deps = {
  db: Db;
  media: MediaStore;
  tools: MediaTools;
  clock: Clock;
  log: FastifyBaseLogger;
  uploadsDir: string;
  maxSeconds: number;
};

/**
 * Turns an uploaded file into a loop: probe, transcode with live progress, three thumbnail
 * candidates at quality 75, COMPLETE; or ERROR with the file's fault. A stop or delete seen between
 * progress updates ends ffmpeg on whichever instance runs it.
 */
export function loopProcessor(deps: Deps) {
  const loops = loopRepository(deps.db);
  const running = new Map<string, ChildProcess>();
  /** Loops whose ffmpeg a person's stop ended: their run's end is theirs, not the file's. */
  const stopping = new Set<string>();
  let closing = false;

  const sourceOf = (id: string) => path.join(deps.uploadsDir, id);

  /** The uploader is told (in the transaction that finished or failed the loop); nobody else acted or waits for it. */
  const notify = async (row: LoopRow, type: 'LOOP_PROCESSED' | 'LOOP_FAILED', tx: Transaction<Database>) => {
    const channel = await tx.selectFrom('channels').select('name').where('id', '=', row.channel_id).executeTakeFirst();
    await notifyPeople(tx, {
      to: row.user_id,
      channel: { id: row.channel_id, name: channel?.name ?? '' },
      type,
      landingUrl: landing.loop(row.channel_id, row.id),
      at: deps.clock.now(),
    });
  };

  const fail = async (row: LoopRow, code: string) => {
    await deps.db.transaction().execute(async (tx) => {
      const failed = await loops.transition(tx, row.id, ['RESERVED', 'START', 'PROCESSING'], 'ERROR', deps.clock.now(), { error_code: code });
      if (failed) await notify(failed, 'LOOP_FAILED', tx);
    });
  };

  async function transcode(row: LoopRow, probed: ProbeResult): Promise<{ videoName: string; width: number; height: number; durationSeconds: number; file: string }> {
    const placed = await deps.media.reserve('loops', 'mp4');
    const partial = `${placed.path}.part`;
    let lastWrite = 0;
    let stopped = false;
    const seconds = Math.min(probed.durationSeconds, deps.maxSeconds);
    const args = renditionArgs(sourceOf(row.id), partial, probed, deps.maxSeconds);
    const result = await run(deps.tools, 'transcode', 'ffmpeg', args, {
      contentSeconds: seconds,
      onSpawn: (child) => running.set(row.id, child),
      onStdoutLine: (line) => {
        if (!line.startsWith('out_time_us=')) return;
        const done = Number(line.slice('out_time_us='.length)) / 1_000_000;
        const now = Date.now();
        if (!Number.isFinite(done) || now - lastWrite < 1_000) return;
        lastWrite = now;
        const percent = Math.max(0, Math.min(99, Math.floor((done / seconds) * 100)));
        void loops.progress(row.id, percent, deps.clock.now()).then(
          (still) => {
            if (!still) {
              stopped = true;
              running.get(row.id)?.kill('SIGKILL');
            }
          },
          (error: unknown) => deps.log.warn({ err: error, loopId: row.id }, 'loop progress not recorded'),
        );
      },
    }).finally(() => {
      running.delete(row.id);
      if (stopping.delete(row.id)) stopped = true;
    });
    if (result.code !== 0 || stopped || closing) {
      await rm(partial, { force: true });
      if (stopped) throw new Stopped();
      if (closing) throw new Error('ffmpeg ended by shutdown');
      // A frame over the pixel bound after the first (the probe judged the first): refused by the decoder.
      if (/exceeds specified max pixel count/.test(result.stderr)) throw new PermanentFailure('LOOP_RESOLUTION_TOO_HIGH');
      // Its memory, CPU or wall time ran out: the file asks more than one file may have. Retrying
      // would only spend the same again, so it is refused like a damaged file.
      if (endedByBounds(result)) throw new PermanentFailure('LOOP_TOO_COSTLY');
      // ffmpeg stops at the first damaged packet (-xerror): the file's fault, not ours.
      if (/Invalid data|corrupt|error while decoding|Error splitting|partial file/i.test(result.stderr)) throw new PermanentFailure('LOOP_DAMAGED');
      throw new Error(`ffmpeg exited ${String(result.code)}: ${result.stderr.split('\n').filter(Boolean).pop() ?? ''}`);
    }
    await rename(partial, placed.path);
    // The length listed is the one players get: measured on the rendition, like the upload was.
    const output = await probe(deps.tools, placed.path, { maxSeconds: deps.maxSeconds }).catch(async (error: unknown) => {
      await rm(placed.path, { force: true });
      throw error instanceof MediaProbeError ? new PermanentFailure(error.code) : error;
    });
    return { videoName: placed.name, width: output.width, height: output.height, durationSeconds: output.durationSeconds, file: placed.path };
  }

  /** Three stills from across the clip, each stored through the media store (JPEG, quality 75). */
  async function thumbnails(video: string, durationSeconds: number): Promise<string[]> {
    const work = await mkdtemp(path.join(tmpdir(), 'studio-thumbs-'));
    try {
      const names: string[] = [];
      for (const [index, share] of [0.2, 0.5, 0.8].entries()) {
        const frame = path.join(work, `${index}.png`);
        const at = Math.max(0, Math.min(durationSeconds - 0.1, durationSeconds * share));
        const result = await run(deps.tools, 'thumbnail', 'ffmpeg', ['-hide_banner', '-nostdin', '-y', '-ss', at.toFixed(2), '-i', video, '-frames:v', '1', '-f', 'image2', frame]);
        if (result.code !== 0) continue;
        const saved = await deps.media.saveImage(await readFile(frame), { kind: 'thumbnails', maxBytes: 50_000_000, resize: { width: 720, height: 1280, fit: 'inside' } });
        names.push(saved.name);
      }
      if (names.length === 0) throw new Error('no thumbnail could be made');
      return names;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  async function removeSource(id: string) {
    await rm(sourceOf(id), { force: true });
    await rm(`${sourceOf(id)}.json`, { force: true });
  }

  return {
    sourceOf,
    removeSource,

    /** The job: runs the loop once; throws only for a failure worth retrying (pg-boss retries it). */
    async process(id: string): Promise<void> {
      const row = await loops.claim(id, deps.clock.now());
      if (!row) return; // stopped, deleted or done meanwhile
      try {
        await stat(sourceOf(id)).catch(() => {
          throw new PermanentFailure('LOOP_SOURCE_MISSING');
        });
        let probed;
        try {
          probed = await probe(deps.tools, sourceOf(id), { maxSeconds: deps.maxSeconds });
        } catch (error) {
          if (error instanceof MediaProbeError) throw new PermanentFailure(error.code);
          throw error;
        }
        if (!(await loops.probed(id, probed, deps.clock.now()))) return;
        const output = await transcode(row, probed);
        const names = await thumbnails(output.file, output.durationSeconds);
        const done = await deps.db.transaction().execute(async (tx) => {
          const completed = await loops.complete(tx, id, { videoName: output.videoName, thumbnailNames: names, width: output.width, height: output.height, durationSeconds: output.durationSeconds }, deps.clock.now());
          if (completed) await notify(completed, 'LOOP_PROCESSED', tx);
          return completed;
        });
        if (!done) {
          // Stopped or deleted while the last steps ran: nothing of it stays.
          await deps.media.remove('loops', output.videoName);
          for (const name of names) await deps.media.remove('thumbnails', name);
          return;
        }
        await removeSource(id);
      } catch (error) {
        if (error instanceof Stopped) return;
        if (error instanceof PermanentFailure) {
          await fail(row, error.code);
          return;
        }
        if (row.attempts >= LOOP_MAX_ATTEMPTS) {
          deps.log.error({ err: error, loopId: id }, 'loop processing failed for good');
          await fail(row, 'LOOP_PROCESSING_FAILED');
          return;
        }
        // Ours (a killed ffmpeg, a restart, a database hiccup): back in the queue's hands for a retry.
        deps.log.warn({ err: error, loopId: id, attempt: row.attempts }, 'loop processing will be retried');
        await loops.transition(deps.db, id, ['START', 'PROCESSING'], 'RESERVED', deps.clock.now(), { progress: 0 }).catch(() => undefined);
        throw error;
      }
    },

    /** Shutdown: ffmpeg runs are ended now so their jobs fail back to the queue and run again after the restart. */
    stopAll() {
      closing = true;
      for (const child of running.values()) child.kill('SIGKILL');
    },

    /** Ends this instance's ffmpeg for a loop stopped or deleted by a person (other instances notice at their next progress write). */
    stop(id: string) {
      const child = running.get(id);
      if (!child) return;
      stopping.add(id);
      child.kill('SIGKILL');
    },
  };
}


export type LoopProcessor = ReturnType<typeof loopProcessor>;
