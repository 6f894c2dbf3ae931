import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { RETRY_DELAY_SECONDS, type Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { endedByBounds, MAX_PIXELS_ARGS, MediaProbeError, probe, run as runTool, uploadedVideoInputArgs, type MediaTools, type ProbeResult } from '../../media/media-tools';
import type { MediaStore } from '../../media/media-store';
import type { LocalSource, UploadStore } from '../../media/stores/upload-store';
import { landing, notify as notifyPeople } from '../notifications/notification-producer';
import { LOOP_QUEUE, loopRepository, type LoopRow } from './loop-repository';

export { LOOP_QUEUE };
/** Attempts before a loop that keeps failing for reasons of ours (not its file's) is marked ERROR. */
export const LOOP_MAX_ATTEMPTS = 4;

/** Thumbnail candidates made of each loop. */
const THUMBNAIL_SHARES = [0.2, 0.5, 0.8];

/** How long a loop handed back to the queue after `attempts` attempts waits: 5 s, 10 s, 20 s… as pg-boss's own retries. */
export const retryDelayMs = (attempts: number) => RETRY_DELAY_SECONDS * 1000 * 2 ** Math.max(0, attempts - 1);

/** The run no longer holds the loop: a person stopped or deleted it, or its lease ran out and the loop was handed on. */
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
    ...uploadedVideoInputArgs(source),
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
  jobs: Pick<Jobs, 'send'>;
  /** The uploads (tus) sources: on disk, or in the bucket and downloaded for the tools. */
  uploads: UploadStore;
  /** Scratch space of runs (ffmpeg's rendition before it is stored, thumbnail frames), local to the instance, never served. */
  workDir: string;
  maxSeconds: number;
  /** How long a run holds its loop without renewing (LOOP_LEASE_SECONDS). */
  leaseMs: number;
};

/** One run of a loop on this instance: its lease token, and the tool it waits for. */
type Run = { token: string; child?: ChildProcess; lost: boolean };

/**
 * Turns an uploaded file into a loop: probe, transcode with live progress, three thumbnail
 * candidates at quality 75, COMPLETE; or ERROR with the file's fault. A stop or delete seen between
 * progress updates ends ffmpeg on whichever instance runs it.
 */
export function loopProcessor(deps: Deps) {
  const loops = loopRepository(deps.db);
  const running = new Map<string, Run>();
  let closing = false;

  const leaseUntil = () => new Date(deps.clock.now().getTime() + deps.leaseMs);

  /**
   * Everything one attempt writes is named by its lease token, so whoever finds the attempt dead (the
   * sweep, after a crash) removes exactly its objects — the rendition and the thumbnails — and, on
   * this instance, its scratch folder. ffmpeg needs local files: it writes into the scratch folder,
   * and the results are put into the media store (disk or bucket) from there.
   */
  const attempt = (token: string) => ({
    work: path.join(deps.workDir, `${token}.work`),
    /** ffmpeg's output, local, before it is stored. */
    local: path.join(deps.workDir, `${token}.work`, 'rendition.mp4'),
    rendition: `${token}.mp4`,
    thumbnail: (index: number) => `${token}-${index}`,
  });

  async function removeAttempt(token: string) {
    const files = attempt(token);
    await rm(files.work, { recursive: true, force: true });
    await deps.media.remove('loops', files.rendition);
    for (const index of THUMBNAIL_SHARES.keys()) await deps.media.remove('thumbnails', `${files.thumbnail(index)}.jpg`);
  }

  /** The run lost the loop: its tool ends now, and it gives up at its next step. */
  const lose = (run: Run) => {
    run.lost = true;
    run.child?.kill('SIGKILL');
  };

  /** The uploader is told (in the transaction that finished or failed the loop); nobody else acted or waits for it. */
  const notify = async (row: LoopRow, type: 'LOOP_PROCESSED' | 'LOOP_FAILED', tx: Transaction<Database>) => {
    await notifyPeople(tx, {
      to: row.user_id,
      channel: { id: row.channel_id, name: (await loops.channelName(tx, row.channel_id)) ?? '' },
      type,
      landingUrl: landing.loop(row.channel_id, row.id),
      at: deps.clock.now(),
    });
  };

  const fail = async (row: LoopRow, code: string, token: string) => {
    await deps.db.transaction().execute(async (tx) => {
      const failed = await loops.transition(tx, row.id, ['RESERVED', 'START', 'PROCESSING'], 'ERROR', deps.clock.now(), { error_code: code }, token);
      if (failed) await notify(failed, 'LOOP_FAILED', tx);
    });
  };

  async function transcode(row: LoopRow, run: Run, source: string, probed: ProbeResult): Promise<{ videoName: string; width: number; height: number; durationSeconds: number; file: string }> {
    const files = attempt(run.token);
    await mkdir(files.work, { recursive: true });
    let lastWrite = 0;
    const seconds = Math.min(probed.durationSeconds, deps.maxSeconds);
    const args = renditionArgs(source, files.local, probed, deps.maxSeconds);
    const result = await runTool(deps.tools, 'transcode', 'ffmpeg', args, {
      contentSeconds: seconds,
      onSpawn: (child) => (run.child = child),
      onStdoutLine: (line) => {
        if (!line.startsWith('out_time_us=')) return;
        const done = Number(line.slice('out_time_us='.length)) / 1_000_000;
        const now = Date.now();
        if (!Number.isFinite(done) || now - lastWrite < 1_000) return;
        lastWrite = now;
        const percent = Math.max(0, Math.min(99, Math.floor((done / seconds) * 100)));
        // Each progress write renews the lease: a run that makes progress keeps its loop.
        void loops.progress(row.id, run.token, percent, deps.clock.now(), leaseUntil()).then(
          (still) => {
            if (!still) lose(run);
          },
          (error: unknown) => deps.log.warn({ err: error, loopId: row.id }, 'loop progress not recorded'),
        );
      },
    }).finally(() => (run.child = undefined));
    if (result.code !== 0 || run.lost || closing) {
      await rm(files.local, { force: true });
      if (run.lost) throw new Stopped();
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
    // The length listed is the one players get: measured on the rendition, like the upload was.
    const output = await probe(deps.tools, files.local, { maxSeconds: deps.maxSeconds }).catch((error: unknown) => {
      throw error instanceof MediaProbeError ? new PermanentFailure(error.code) : error;
    });
    if (run.lost) throw new Stopped();
    const placed = await deps.media.putFile('loops', files.rendition, files.local, 'video/mp4');
    return { videoName: placed.name, width: output.width, height: output.height, durationSeconds: output.durationSeconds, file: files.local };
  }

  /** Three stills from across the clip (the local rendition), each stored through the media store (JPEG, quality 75). */
  async function thumbnails(run: Run, video: string, durationSeconds: number): Promise<string[]> {
    const files = attempt(run.token);
    await mkdir(files.work, { recursive: true });
    const names: string[] = [];
    for (const [index, share] of THUMBNAIL_SHARES.entries()) {
      if (run.lost) throw new Stopped();
      const frame = path.join(files.work, `frame-${index}.png`);
      const at = Math.max(0, Math.min(durationSeconds - 0.1, durationSeconds * share));
      const result = await runTool(deps.tools, 'thumbnail', 'ffmpeg', ['-hide_banner', '-nostdin', '-y', '-ss', at.toFixed(2), '-i', video, '-frames:v', '1', '-f', 'image2', frame], {
        onSpawn: (child) => (run.child = child),
      }).finally(() => (run.child = undefined));
      if (run.lost) throw new Stopped();
      if (result.code !== 0) continue;
      const saved = await deps.media.saveImage(await readFile(frame), { kind: 'thumbnails', maxBytes: 50_000_000, resize: { width: 720, height: 1280, fit: 'inside' }, baseName: files.thumbnail(index) });
      names.push(saved.name);
    }
    if (names.length === 0) throw new Error('no thumbnail could be made');
    return names;
  }

  /** The upload's files (and, in a bucket, its unfinished multipart upload); gone already is not an error. */
  const removeSource = (id: string) => deps.uploads.remove(id);

  return {
    /** Where the probe reads the upload from without a copy on this instance (the disk file, or the bucket's object on loopback). */
    probeSource: (id: string) => deps.uploads.probeSource(id),
    removeSource,
    /**
     * Whether every byte of an upload is in its store as one whole file (the store's own account, not the
     * row's); false for one gone. In a bucket, an upload whose every part arrived but was never completed
     * is completed here first, so it is ended rather than left to expire with the person's file.
     */
    async uploadComplete(id: string, size: number): Promise<boolean> {
      const upload = await deps.uploads.datastore.getUpload(id).catch(() => null);
      if (upload === null || upload.size !== size || upload.offset !== size) return false;
      if (await deps.uploads.whole(id, size)) return true;
      return (await deps.uploads.finishParts(id)) && (await deps.uploads.whole(id, size));
    },

    /** The job: runs the loop once; throws only for a failure worth retrying (pg-boss retries it). */
    async process(id: string): Promise<void> {
      const run: Run = { token: randomUUID(), lost: false };
      const row = await loops.claim(id, run.token, deps.clock.now(), leaseUntil());
      if (!row) return; // stopped, deleted, done, or held by a run still alive meanwhile
      running.set(id, run);
      // Renewed between progress writes too (probing, thumbnails): a run lives as long as its instance does.
      const heartbeat = setInterval(() => {
        loops.renew(id, run.token, leaseUntil()).then(
          (held) => {
            if (!held) lose(run);
          },
          (error: unknown) => deps.log.warn({ err: error, loopId: id }, 'loop lease not renewed'),
        );
      }, Math.max(1_000, deps.leaseMs / 3));
      heartbeat.unref();
      let source: LocalSource | null = null;
      try {
        // From the bucket, downloaded: ffprobe and ffmpeg read local files.
        source = await deps.uploads.local(id);
        if (!source) throw new PermanentFailure('LOOP_SOURCE_MISSING');
        let probed;
        try {
          probed = await probe(deps.tools, source.file, { maxSeconds: deps.maxSeconds });
        } catch (error) {
          if (error instanceof MediaProbeError) throw new PermanentFailure(error.code);
          throw error;
        }
        if (!(await loops.probed(id, run.token, probed, deps.clock.now()))) throw new Stopped();
        const output = await transcode(row, run, source.file, probed);
        const names = await thumbnails(run, output.file, output.durationSeconds);
        const done = await deps.db.transaction().execute(async (tx) => {
          const completed = await loops.complete(tx, id, run.token, { videoName: output.videoName, thumbnailNames: names, width: output.width, height: output.height, durationSeconds: output.durationSeconds }, deps.clock.now());
          if (completed) await notify(completed, 'LOOP_PROCESSED', tx);
          return completed;
        });
        // Stopped, deleted or handed on while the last steps ran: nothing of this run stays.
        if (!done) throw new Stopped();
        // The loop is done: a source left behind by a failed removal is only disk, never a reason to undo it.
        await removeSource(id).catch((error: unknown) => deps.log.warn({ err: error, loopId: id }, 'loop source not removed'));
      } catch (error) {
        // Whatever this run wrote goes with it (a run that completed has nothing left to remove).
        await removeAttempt(run.token).catch((removal: unknown) => deps.log.warn({ err: removal, loopId: id }, 'files of a loop run not removed'));
        if (error instanceof Stopped) return;
        if (error instanceof PermanentFailure) {
          await fail(row, error.code, run.token);
          return;
        }
        if (row.attempts >= LOOP_MAX_ATTEMPTS) {
          deps.log.error({ err: error, loopId: id }, 'loop processing failed for good');
          await fail(row, 'LOOP_PROCESSING_FAILED', run.token);
          return;
        }
        // Ours (a killed ffmpeg, a restart, a database hiccup): back in the queue's hands for a retry.
        deps.log.warn({ err: error, loopId: id, attempt: row.attempts }, 'loop processing will be retried');
        await loops.transition(deps.db, id, ['START', 'PROCESSING'], 'RESERVED', deps.clock.now(), { progress: 0 }, run.token).catch(() => undefined);
        throw error;
      } finally {
        // The scratch folder and a downloaded source never outlive the run (its objects stay when it completed).
        await rm(attempt(run.token).work, { recursive: true, force: true }).catch(() => undefined);
        await source?.release().catch(() => undefined);
        clearInterval(heartbeat);
        if (running.get(id) === run) running.delete(id);
      }
    },

    /**
     * Runs whose lease ran out by `at` (their instance died: a crash, kill -9, a lost machine) are
     * handed back to the queue, with the delay of their next retry, or failed once they used up
     * LOOP_MAX_ATTEMPTS; the files they left are removed. Safe on several instances at once (the rows
     * are locked, SKIP LOCKED). Answers how many were handed on or failed.
     */
    async sweepExpiredLeases(at: Date): Promise<number> {
      const swept = await deps.db.transaction().execute(async (tx) => {
        const expired = await loops.lockExpiredLeases(tx, at);
        for (const row of expired) {
          if (row.attempts >= LOOP_MAX_ATTEMPTS) {
            const failed = await loops.transition(tx, row.id, ['START', 'PROCESSING'], 'ERROR', at, { error_code: 'LOOP_PROCESSING_FAILED' });
            if (failed) await notify(failed, 'LOOP_FAILED', tx);
            continue;
          }
          await loops.transition(tx, row.id, ['START', 'PROCESSING'], 'RESERVED', at, { progress: 0 });
          // Wall time: the queue compares with the database's own now().
          await deps.jobs.send(LOOP_QUEUE, { loopId: row.id }, { tx, singletonKey: row.id, startAfter: new Date(Date.now() + retryDelayMs(row.attempts)) });
        }
        return expired;
      });
      for (const row of swept) {
        if (row.lease_token) await removeAttempt(row.lease_token);
        deps.log.warn({ loopId: row.id, attempts: row.attempts }, row.attempts >= LOOP_MAX_ATTEMPTS ? 'loop lease ran out: failed for good' : 'loop lease ran out: handed back to the queue');
      }
      return swept.length;
    },

    /** Shutdown: ffmpeg runs are ended now so their jobs fail back to the queue and run again after the restart. */
    stopAll() {
      closing = true;
      for (const run of running.values()) run.child?.kill('SIGKILL');
    },

    /** Ends this instance's run of a loop stopped or deleted by a person (other instances notice at their next progress write). */
    stop(id: string) {
      const run = running.get(id);
      if (run) lose(run);
    },
  };
}


export type LoopProcessor = ReturnType<typeof loopProcessor>;
