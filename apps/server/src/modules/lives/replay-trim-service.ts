import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { livePaths, REPLAY_TRIM_MIN_SECONDS, type ReplayTrim, type ReplayTrimBody, type ReplayTrimFailure } from '@studio/contract/live';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { isUniqueViolation } from '../../db/database';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { run, type MediaTools } from '../../media/media-tools';
import { findReplayContent, lockContent, updateContentRow } from '../contents/content-repository';
import { liveRepository } from './live-repository';
import type { RecordingStore } from './recording-files';
import { cutSegments, playlistSegments, vodPlaylist, type TrimCut } from './recording-playlist';
import { thumbnailSecond } from './replay-service';
import { replayTrimRepository as trims, toReplayTrim } from './replay-trim-repository';

/** The queue that cuts a replay (decision 046): one job per trim asked for. */
export const REPLAY_TRIM_QUEUE = 'live.replay-trim';
/** The queue that removes what a finished trim left unused: the former playlist and the segments cut off. */
export const REPLAY_TRIM_CLEANUP_QUEUE = 'live.replay-trim-cleanup';

export const ReplayTrimJob = z.object({ trimId: z.number().int().positive() });
export const ReplayTrimCleanupJob = z.object({
  liveId: z.number().int().positive(),
  files: z.array(z.string().regex(/^(index\.m3u8|replay-\d+\.m3u8|segment-\d{5}\.ts)$/)).max(200_000),
});
export type ReplayTrimCleanupJob = z.infer<typeof ReplayTrimCleanupJob>;

/** The playlist names a replay's video URL may end in: the recording's own, or a trim's. */
const PLAYLIST_OF_URL = /^\/live\/(\d+)\/(index\.m3u8|replay-\d+\.m3u8)$/;
/** Durations are sums of six-decimal numbers: a millisecond either way is the same second. */
const EPSILON = 0.001;

export type ReplayTrimServiceOptions = {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'send'>;
  tools: MediaTools;
  recordings: RecordingStore;
  /** Stores a still as the replay's thumbnail (JPEG at quality 75 with its crop) and answers its URL. */
  saveThumbnail(still: Buffer): Promise<string>;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
};

/** Thrown inside the job to end a trim as FAILED with a reason the live page shows. */
class TrimFailed extends Error {
  constructor(readonly reason: ReplayTrimFailure, detail: string) {
    super(detail);
  }
}

/**
 * Trimming a replay's start and end (issue 24, point 1; decision 046). The request checks the range
 * and queues one trim per live (a unique index on RUNNING trims); the job cuts by whole segments of
 * the recording — each begins at a keyframe, so nothing is re-encoded and no media is copied —
 * writes the trimmed playlist under a new name, and only then points the replay at it, in one
 * transaction. The former playlist and the segments cut off are removed afterwards by a job, once.
 * Until the swap the replay plays as it was; a trim that fails leaves it untouched.
 */
export function replayTrimService(options: ReplayTrimServiceOptions) {
  const { db, clock, recordings } = options;
  const lives = liveRepository(db);

  /** A still from the segment of the trimmed replay holding its new quarter mark (the segment begins with a keyframe). */
  async function stillOf(liveId: number, cut: TrimCut): Promise<{ url: string; seconds: number } | null> {
    const wanted = thumbnailSecond(cut.durationSeconds);
    let at = 0;
    let chosen = cut.kept[0];
    let chosenAt = 0;
    for (const segment of cut.kept) {
      if (at > wanted + EPSILON) break;
      chosen = segment;
      chosenAt = at;
      at += segment.durationSeconds;
    }
    if (!chosen) return null;
    const bytes = await recordings.read(liveId, chosen.name);
    if (!bytes) return null;
    const folder = await mkdtemp(path.join(tmpdir(), 'replay-still-'));
    try {
      const input = path.join(folder, 'segment.ts');
      const frame = path.join(folder, 'still.png');
      await writeFile(input, bytes);
      const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-frames:v', '1', '-f', 'image2', frame];
      const result = await run(options.tools, 'thumbnail', 'ffmpeg', args);
      const still = result.code === 0 ? await readFile(frame).catch(() => null) : null;
      if (!still?.length) {
        options.log.warn({ liveId, code: result.code, stderr: result.stderr }, 'could not take a thumbnail from the trimmed replay');
        return null;
      }
      return { url: await options.saveThumbnail(still), seconds: chosenAt };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function fail(trimId: number, reason: ReplayTrimFailure, written: { liveId: number; file: string } | null): Promise<void> {
    if (written) await recordings.remove(written.liveId, [written.file]).catch(() => undefined);
    await trims.finish(db, trimId, 'FAILED', reason, clock.now());
  }

  async function swap(trx: Transaction<Database>, trimId: number, liveId: number, sourceUrl: string, file: string, cut: TrimCut, still: { url: string; seconds: number } | 'keep' | null) {
    const trim = await trims.lock(trx, trimId);
    if (trim?.state !== 'RUNNING') return 'gone' as const;
    const live = await lives.lockById(trx, liveId);
    const found = await findReplayContent(trx, liveId);
    const content = found ? await lockContent(trx, found.id) : undefined;
    // Deleted, or pointed elsewhere meanwhile: the replay is not the one this trim was cut from.
    if (!live || !content || content.status === 'DELETE' || content.video_url !== sourceUrl) throw new TrimFailed('REPLAY_CHANGED', 'the replay changed while it was cut');
    const now = clock.now();
    const replacesThumbnail = still !== 'keep' && still !== null && content.thumbnail_url === live.thumbnail_url;
    await updateContentRow(
      trx,
      content,
      {
        video_url: livePaths.trimmedPlaylist(liveId, trimId),
        duration_seconds: cut.durationSeconds,
        ...(replacesThumbnail ? { thumbnail_url: still.url } : {}),
      },
      now,
    );
    if (replacesThumbnail) await trims.setStill(trx, liveId, still.url, still.seconds);
    else if (live.replay_still_seconds !== null) {
      // Kept: the same picture, now this far into the shorter replay (null when it could not be replaced).
      const moved = still === 'keep' ? Math.max(0, live.replay_still_seconds - cut.offsetSeconds) : null;
      await trims.setStill(trx, liveId, live.thumbnail_url, moved);
    }
    await trims.finish(trx, trimId, 'DONE', null, now);
    const files = [path.basename(sourceUrl), ...cut.removed.map((segment) => segment.name)];
    const cleanup: ReplayTrimCleanupJob = { liveId, files };
    await options.jobs.send(REPLAY_TRIM_CLEANUP_QUEUE, cleanup, { tx: trx, singletonKey: `trim-cleanup-${trimId}` });
    return file;
  }

  return {
    /**
     * Checks the range against the replay as it plays now and queues its trim: 202 with the trim.
     * Another trim of the same live still running answers REPLAY_TRIM_IN_PROGRESS (so 50 at once queue one).
     */
    async request(channel: ChannelRow, liveId: number, body: ReplayTrimBody, actorId: number): Promise<ReplayTrim> {
      const { startSeconds, endSeconds } = body;
      if (endSeconds <= startSeconds) throw new AppError('REPLAY_TRIM_RANGE', undefined, { startSeconds, endSeconds });
      try {
        return await db.transaction().execute(async (trx) => {
          const live = await lives.lockById(trx, liveId);
          if (live?.channel_id !== channel.id) throw new AppError('LIVE_NOT_FOUND');
          const replay = live.replay_state === 'READY' ? await findReplayContent(trx, liveId) : undefined;
          if (!replay || replay.status === 'DELETE') throw new AppError('REPLAY_NOT_FOUND');
          if (await trims.running(trx, liveId)) throw new AppError('REPLAY_TRIM_IN_PROGRESS');
          const duration = replay.duration_seconds ?? 0;
          if (endSeconds > duration + EPSILON) throw new AppError('REPLAY_TRIM_RANGE', undefined, { startSeconds, endSeconds, durationSeconds: duration });
          if (endSeconds - startSeconds < REPLAY_TRIM_MIN_SECONDS) throw new AppError('REPLAY_TRIM_TOO_SHORT', undefined, { minSeconds: REPLAY_TRIM_MIN_SECONDS });
          if (startSeconds <= EPSILON && endSeconds >= duration - EPSILON) throw new AppError('REPLAY_TRIM_UNCHANGED');
          const row = await trims.insert(trx, { liveId, startSeconds, endSeconds, requestedBy: actorId, at: clock.now() });
          await options.jobs.send(REPLAY_TRIM_QUEUE, { trimId: row.id }, { tx: trx, singletonKey: `trim-${row.id}` });
          return toReplayTrim(row);
        });
      } catch (error) {
        // Two requests that both found none running: the index lets one in.
        if (isUniqueViolation(error, 'replay_trims_one_running')) throw new AppError('REPLAY_TRIM_IN_PROGRESS');
        throw error;
      }
    },

    /** The latest trim of a live (for the live page): running, failed, or the last one done. */
    async latest(liveId: number): Promise<ReplayTrim | null> {
      const row = await trims.latest(db, liveId);
      return row ? toReplayTrim(row) : null;
    },

    /** The job: cut, write the trimmed playlist, swap, queue the removal of what is unused. A trim not RUNNING is left alone. */
    async run(trimId: number): Promise<'DONE' | 'FAILED' | 'SKIPPED'> {
      const trim = await trims.find(db, trimId);
      if (trim?.state !== 'RUNNING') return 'SKIPPED';
      const liveId = trim.live_id;
      let written: { liveId: number; file: string } | null = null;
      try {
        const [live, content] = await Promise.all([lives.findById(liveId), findReplayContent(db, liveId)]);
        if (!live || !content || content.status === 'DELETE' || !content.video_url) throw new TrimFailed('REPLAY_CHANGED', 'the replay is gone');
        const source = PLAYLIST_OF_URL.exec(content.video_url);
        if (Number(source?.[1]) !== liveId || !source?.[2]) throw new TrimFailed('RECORDING_UNREADABLE', `unexpected replay URL ${content.video_url}`);
        const text = await recordings.read(liveId, source[2]).catch(() => null);
        if (!text) throw new TrimFailed('RECORDING_UNREADABLE', `no playlist ${source[2]}`);
        const cut = cutSegments(playlistSegments(text.toString('utf8')), trim.start_seconds, trim.end_seconds);
        if (cut.kept.length === 0) throw new TrimFailed('RECORDING_UNREADABLE', 'the range holds no segment');
        // Every segment holds part of the range (an end inside the first or last one): there is nothing to cut.
        if (cut.removed.length === 0) {
          await trims.finish(db, trimId, 'DONE', null, clock.now());
          return 'DONE';
        }

        const file = `replay-${trimId}.m3u8`;
        try {
          await recordings.write(liveId, file, Buffer.from(vodPlaylist(cut.kept)), 'application/vnd.apple.mpegurl');
        } catch (error) {
          throw new TrimFailed('STORE_FAILED', error instanceof Error ? error.message : 'write failed');
        }
        written = { liveId, file };

        // The thumbnail stays unless the moment it was taken at was cut off; an uploaded one always stays.
        const stillAt = live.replay_still_seconds;
        const inside = stillAt === null || (stillAt >= cut.offsetSeconds - EPSILON && stillAt < cut.offsetSeconds + cut.durationSeconds);
        const still = inside ? 'keep' : await stillOf(liveId, cut).catch(() => null);

        const outcome = await db.transaction().execute((trx) => swap(trx, trimId, liveId, content.video_url!, file, cut, still));
        if (outcome === 'gone') {
          await recordings.remove(liveId, [file]).catch(() => undefined);
          return 'SKIPPED';
        }
        return 'DONE';
      } catch (error) {
        if (!(error instanceof TrimFailed)) {
          options.log.error({ err: error, trimId, liveId }, 'a replay trim failed');
          await fail(trimId, 'STORE_FAILED', written);
          return 'FAILED';
        }
        options.log.warn({ trimId, liveId, reason: error.reason, detail: error.message }, 'a replay trim failed');
        await fail(trimId, error.reason, written);
        return 'FAILED';
      }
    },

    /** After a trim: its former playlist and the segments it cut off. Removing what is gone already succeeds. */
    async cleanup(job: ReplayTrimCleanupJob): Promise<void> {
      await recordings.remove(job.liveId, job.files);
    },
  };
}

export type ReplayTrimService = ReturnType<typeof replayTrimService>;
