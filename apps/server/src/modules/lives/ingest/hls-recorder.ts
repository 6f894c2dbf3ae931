import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaTools } from '../../../media/media-tools';
import { endFed, launchFed, turnTaker } from './fed-ffmpeg';
import type { FlvSink, StreamHub } from './stream-hub';

/** Seconds per HLS segment asked of ffmpeg; it cuts at the next keyframe. */
const SEGMENT_SECONDS = 1;
const ENDLIST = '#EXT-X-ENDLIST';

export type RecorderOptions = {
  /** ffmpeg, run bounded like every media tool (a remux: memory, CPU and nice, no wall time). */
  tools: MediaTools;
  /** Where each live's playlist and segments go: `<dir>/<liveId>/index.m3u8`. */
  dir: string;
  hub: StreamHub;
  /** The first segment of a live exists (public playback and the replay are there). */
  onFirstSegment(liveId: number): void;
  log: { warn(object: object, message: string): void };
  /**
   * Where finished segments and the playlist go beyond this disk (the S3 bucket with STORAGE=s3):
   * each segment once ffmpeg lists it (it is whole then), then the playlist that names it. Without
   * one, the local folder is what is served.
   */
  publisher?: HlsPublisher;
};

export type HlsPublisher = {
  segment(liveId: number, name: string, file: string): Promise<void>;
  playlist(liveId: number, text: string): Promise<void>;
  /** The playlist published so far, or null: a live that goes on here after another node recorded it appends to it. */
  published(liveId: number): Promise<string | null>;
};

/** How often a recording's new segments and playlist are sent to the publisher. */
const PUBLISH_EVERY_MS = 300;
const SEGMENT_NAMES = /segment-\d{5}\.ts/g;

type Recording = { streamKeyId: number; ffmpeg: ChildProcessWithoutNullStreams; unsubscribe: () => void; done: Promise<void>; ending: boolean };

export const playlistPath = (dir: string, liveId: number) => path.join(dir, String(liveId), 'index.m3u8');

/**
 * Public playback and the replay: ffmpeg remuxes the received FLV into HLS
 * (`-c copy`, no re-encode), fed through its standard input, so no secret key
 * is ever in a URL or a command line. After an interruption the next run
 * appends to the same playlist; ending a recording leaves a VOD playlist.
 */
export function hlsRecorder(options: RecorderOptions) {
  const recordings = new Map<number, Recording>();
  /** Starts and stops of one live take turns, so two callers never run two ffmpegs for it. */
  const inTurn = turnTaker();

  async function startNow(liveId: number, streamKeyId: number): Promise<boolean> {
    const current = recordings.get(liveId);
    // Still fed by the same publication: nothing to do. One whose publisher left is finishing its last segment.
    if (current?.streamKeyId === streamKeyId && !current.ending && current.ffmpeg.exitCode === null) return true;
    if (current) await stopNow(liveId);
    if (!options.hub.isPublishing(streamKeyId)) return false;
    const playlist = playlistPath(options.dir, liveId);
    await mkdir(path.dirname(playlist), { recursive: true });
    // A playlist ended by an interruption goes on: it is no longer the end. One another ingest node
    // recorded (it died, the encoder came here) is taken from where it was published, so the segments
    // go on numbering after its own and none of them is written over.
    const local = await readFile(playlist, 'utf8').catch(() => null);
    const previous = local ?? (await options.publisher?.published(liveId).catch(() => null)) ?? null;
    if (previous !== null && (local === null || previous.includes(ENDLIST))) await writeFile(playlist, previous.replace(`${ENDLIST}\n`, '').replace(ENDLIST, ''));
    const fed = launchFed(
      options.tools,
      [
        '-hide_banner', '-loglevel', 'error', '-nostdin',
        '-f', 'flv', '-i', 'pipe:0',
        '-c', 'copy',
        '-f', 'hls',
        '-hls_time', String(SEGMENT_SECONDS),
        '-hls_list_size', '0',
        '-hls_flags', `independent_segments+temp_file${previous ? '+append_list+discont_start' : ''}`,
        '-hls_segment_filename', path.join(path.dirname(playlist), 'segment-%05d.ts'),
        playlist,
      ],
    );
    const { ffmpeg } = fed;
    ffmpeg.stdout.resume();
    let announced = false;
    const publishing = options.publisher ? publisherOf(options.publisher, liveId, playlist, previous, () => options.onFirstSegment(liveId), options.log) : null;
    const sink: FlvSink = {
      write(chunk) {
        if (!ffmpeg.stdin.writable) return;
        fed.feed(chunk);
        // Published elsewhere, the first segment is announced once it is there (publisherOf).
        if (!announced && !publishing) {
          announced = true;
          void waitForSegment(playlist).then((found) => found && options.onFirstSegment(liveId));
        }
      },
      end() {
        const recording = recordings.get(liveId);
        if (recording?.ffmpeg === ffmpeg) recording.ending = true;
        ffmpeg.stdin.end();
      },
    };
    const ticker = publishing ? setInterval(() => void publishing.run(), PUBLISH_EVERY_MS) : null;
    ticker?.unref();
    const done = new Promise<void>((resolve) => {
      ffmpeg.on('close', (code) => {
        if (code !== 0 && code !== null) options.log.warn({ liveId, code, stderr: fed.stderr() }, 'HLS remux ended with an error');
        resolve();
      });
      ffmpeg.on('error', (error) => {
        options.log.warn({ liveId, err: error }, 'ffmpeg could not start');
        resolve();
      });
    }).then(async () => {
      // The last segment and the playlist's end (or what an interruption left) are sent before the recording counts as ended.
      if (ticker) clearInterval(ticker);
      await publishing?.flush();
    });
    const unsubscribe = options.hub.subscribe(streamKeyId, sink);
    if (!unsubscribe) {
      ffmpeg.kill('SIGKILL');
      return false;
    }
    recordings.set(liveId, { streamKeyId, ffmpeg, unsubscribe, done, ending: false });
    void done.then(() => {
      if (recordings.get(liveId)?.ffmpeg === ffmpeg) recordings.delete(liveId);
    });
    return true;
  }

  /** Ends a recording: ffmpeg flushes the last segment and writes the end of the playlist. */
  async function stopNow(liveId: number): Promise<void> {
    const recording = recordings.get(liveId);
    if (!recording) return;
    recording.unsubscribe();
    await endFed(recording.ffmpeg, recording.done, 5000);
    recordings.delete(liveId);
  }

  const start = (liveId: number, streamKeyId: number) => inTurn(liveId, () => startNow(liveId, streamKeyId));
  const stop = (liveId: number) => inTurn(liveId, () => stopNow(liveId));

  return {
    start,
    stop,
    isRecording: (liveId: number) => recordings.has(liveId),
    /** The lives recorded here (the heartbeat ends those closed meanwhile, decision 059). */
    liveIds: (): number[] => [...recordings.keys()],
    async stopAll() {
      await Promise.all([...recordings.keys()].map((liveId) => stop(liveId)));
    },
  };
}

export type HlsRecorder = ReturnType<typeof hlsRecorder>;

/**
 * Sends a recording's new segments, then its playlist when it changed; one pass at a time. A pass
 * that fails is logged and the next one tries again (what was not sent is still new to it).
 */
function publisherOf(publisher: HlsPublisher, liveId: number, playlist: string, previous: string | null, first: () => void, log: RecorderOptions['log']) {
  // After an interruption the playlist goes on: the segments it already named were sent by the run before.
  const sent = new Set(previous?.match(SEGMENT_NAMES) ?? []);
  let sentText = previous;
  let announced = false;
  let running: Promise<void> | null = null;
  const pass = async () => {
    const text = await readFile(playlist, 'utf8').catch(() => null);
    if (text === null || text === sentText) return;
    for (const name of new Set(text.match(SEGMENT_NAMES) ?? [])) {
      if (sent.has(name)) continue;
      await publisher.segment(liveId, name, path.join(path.dirname(playlist), name));
      sent.add(name);
    }
    await publisher.playlist(liveId, text);
    sentText = text;
    if (!announced && sent.size > 0) {
      announced = true;
      first();
    }
  };
  return {
    run(): Promise<void> {
      running ??= pass()
        .catch((error: unknown) => log.warn({ liveId, err: error }, 'HLS segments not published yet'))
        .finally(() => (running = null));
      return running;
    },
    /** After ffmpeg ended: a whole pass that starts after everything it wrote. */
    async flush(): Promise<void> {
      await running;
      await this.run();
    },
  };
}

async function waitForSegment(playlist: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const text = await readFile(playlist, 'utf8').catch(() => '');
    if (text.includes('.ts')) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
