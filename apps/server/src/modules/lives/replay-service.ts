import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { livePaths, type ReplayState } from '@studio/contract/live';
import type { Database, Db, LiveRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { run, type MediaTools } from '../../media/media-tools';
import { createContentRow, findReplayContent } from '../contents/content-repository';
import { playlistPath } from './ingest/hls-recorder';
import { liveRepository } from './live-repository';
import type { RecordingStore } from './recording-files';
import { playlistSegments, summarizePlaylist, type RecordingSummary } from './recording-playlist';

/** The queue that settles a closed live's recording: its replay content, or the fact that there is none. */
export const REPLAY_QUEUE = 'live.replay';
export type ReplayJob = { liveId: number; actorId: number | null };

/** Thrown while this instance's recorder still writes the live's last segment: the job is retried. */
export class RecordingNotFinished extends Error {}

export type ReplayServiceOptions = {
  db: Db;
  clock: Clock;
  tools: MediaTools;
  /** `<hlsDir>/<liveId>/index.m3u8` and its segments. */
  hlsDir: string;
  /** Whether this instance's recorder is still writing the live (the close stops it first). */
  isRecording(liveId: number): boolean;
  /**
   * How long after a close a recording without its end (#EXT-X-ENDLIST) is waited for: the ingest node
   * recording it elsewhere may not have heard the close and ends it on its heartbeat (decision 059).
   * Past this (a node that died mid-recording) the replay is made from what was stored.
   */
  unfinishedWaitSeconds: number;
  /** Stores a still as a live thumbnail (JPEG at quality 75, with its 100x66 crop) and answers its URL. */
  saveThumbnail(still: Buffer): Promise<string>;
  /** The recording's files, here and in a bucket: what a delete removes. */
  recordings: RecordingStore;
  log: { warn(object: object, message: string): void };
};

/** Where in the recording the thumbnail is taken: a quarter in, at most a minute (past a black start). */
export function thumbnailSecond(durationSeconds: number): number {
  return Math.max(0, Math.min(60, durationSeconds * 0.25));
}

/**
 * A closed live's replay (issue 24; decision 041). The recording the HLS recorder left in
 * `<hlsDir>/<liveId>/` is the replay's media as it is, VOD playlist and segments: no copy, no
 * re-encode. Settling it, once per live behind the live's row lock, either makes the content of kind
 * LIVE (title, description and thumbnail of the live, a still taken from the recording when no
 * thumbnail was uploaded; its length from the playlist) or records that nothing was recorded. A close
 * repeated, the job retried, or a start-up repair all find it settled.
 */
export function replayService(options: ReplayServiceOptions) {
  const { db, clock } = options;
  const lives = liveRepository(db);

  /**
   * The recording's playlist: on this disk where this instance recorded it, else where players get it
   * (the bucket with STORAGE=s3: an ingest node elsewhere recorded it, decision 050).
   */
  async function playlistText(liveId: number): Promise<{ text: string; local: boolean } | null> {
    const local = await readFile(playlistPath(options.hlsDir, liveId), 'utf8').catch(() => null);
    if (local !== null) return { text: local, local: true };
    const stored = await options.recordings.read(liveId, 'index.m3u8');
    return stored ? { text: stored.toString('utf8'), local: false } : null;
  }

  async function recording(liveId: number): Promise<RecordingSummary | null> {
    const found = await playlistText(liveId);
    return found === null ? null : summarizePlaylist(found.text);
  }

  /**
   * What ffmpeg reads a still from at second `at`: the local playlist, or (recorded elsewhere) the one
   * segment that holds that second, fetched from the store into a folder of its own.
   */
  async function stillSource(liveId: number, at: number, folder: string): Promise<{ input: string; seek: number } | null> {
    const found = await playlistText(liveId);
    if (!found) return null;
    if (found.local) return { input: playlistPath(options.hlsDir, liveId), seek: at };
    // The segment that holds second `at` (the last one when it is past the end) and where it starts.
    let start = 0;
    let segment: { name: string; start: number } | null = null;
    for (const candidate of playlistSegments(found.text)) {
      segment = { name: candidate.name, start };
      if (at < start + candidate.durationSeconds) break;
      start += candidate.durationSeconds;
    }
    if (!segment) return null;
    const bytes = await options.recordings.read(liveId, segment.name);
    if (!bytes) return null;
    const input = path.join(folder, 'segment.ts');
    await writeFile(input, bytes);
    return { input, seek: Math.max(0, at - segment.start) };
  }

  /** One still from the recording through ffmpeg (bounded like every media run) and the second it was taken at, or null when none could be made. */
  async function stillFrom(liveId: number, durationSeconds: number): Promise<{ still: Buffer; at: number } | null> {
    const folder = await mkdtemp(path.join(tmpdir(), `studio-replay-${liveId}-`));
    const frame = path.join(folder, 'replay-thumbnail.png');
    try {
      // A quarter in, else the first frame (a seek past what the demuxer can reach finds no frame).
      for (const at of [thumbnailSecond(durationSeconds), 0]) {
        const source = await stillSource(liveId, at, folder);
        if (!source) return null;
        const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', source.seek.toFixed(2), '-i', source.input, '-frames:v', '1', '-f', 'image2', frame];
        const result = await run(options.tools, 'thumbnail', 'ffmpeg', args);
        const still = result.code === 0 ? await readFile(frame).catch(() => null) : null;
        if (still?.length) return { still, at };
        options.log.warn({ liveId, at, code: result.code, signal: result.signal, stderr: result.stderr }, 'could not take a thumbnail from the recording');
      }
      return null;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function makeReplay(trx: Transaction<Database>, live: LiveRow, summary: RecordingSummary, actorId: number | null): Promise<void> {
    let thumbnailUrl = live.thumbnail_url;
    let stillSeconds: number | null = null;
    if (!thumbnailUrl) {
      const taken = await stillFrom(live.id, summary.durationSeconds);
      thumbnailUrl = taken ? await options.saveThumbnail(taken.still) : null;
      // Where it was taken: a trim keeps it unless that moment is cut off (decision 046).
      stillSeconds = taken ? taken.at : null;
    }
    const now = clock.now();
    await createContentRow(
      trx,
      { channelId: live.channel_id, authorId: actorId, kind: 'LIVE', status: 'PUBLIC', title: live.title, body: live.description, at: now },
      { thumbnail_url: thumbnailUrl, video_url: livePaths.publicPlaylist(live.id), duration_seconds: summary.durationSeconds, live_id: live.id },
    );
    await lives.settleReplay(trx, live.id, 'READY', thumbnailUrl, stillSeconds);
  }

  return {
    /**
     * Settles the recording of a closed live, once: READY with its content, or NONE. Answers what it
     * found (null for a live that is gone or not closed). Throws RecordingNotFinished while this
     * instance still writes the recording's end.
     */
    async settle(liveId: number, actorId: number | null = null): Promise<ReplayState | null> {
      if (options.isRecording(liveId)) throw new RecordingNotFinished(`live ${liveId} is still being recorded`);
      return db.transaction().execute(async (trx) => {
        const live = await lives.lockById(trx, liveId);
        if (!live || live.status !== 'END') return null;
        if (live.replay_state !== null) return live.replay_state;
        // A content of this live already (made before the state column existed): settled as READY.
        if (await findReplayContent(trx, liveId)) {
          await lives.settleReplay(trx, liveId, 'READY', null);
          return 'READY';
        }
        const summary = await recording(liveId);
        const closedMs = live.ended_at ? clock.now().getTime() - live.ended_at.getTime() : Infinity;
        if (summary && !summary.ended && closedMs < options.unfinishedWaitSeconds * 1000) {
          throw new RecordingNotFinished(`live ${liveId}: the recording has no end yet`);
        }
        if (!summary || summary.segments === 0) {
          await lives.settleReplay(trx, liveId, 'NONE', null);
          return 'NONE';
        }
        await makeReplay(trx, live, summary, actorId);
        return 'READY';
      });
    },

    /** Closed lives left unsettled (a server stopped between a close and its job): settled now. */
    async repairUnsettled(): Promise<number> {
      let settled = 0;
      for (const liveId of await lives.unsettledEnded(100)) {
        if (await this.settle(liveId).catch(() => null)) settled += 1;
      }
      return settled;
    },

    /**
     * A deleted replay's files: the live's playlists and segments, on this disk and in the bucket
     * (every object under `live/<liveId>/`). Removing what is gone already succeeds.
     */
    async removeRecording(liveId: number): Promise<void> {
      await options.recordings.removeAll(liveId);
    },
  };
}

export type ReplayService = ReturnType<typeof replayService>;
