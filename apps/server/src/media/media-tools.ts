import type { ChildProcess, ChildProcessWithoutNullStreams, StdioOptions } from 'node:child_process';
import { createInterface } from 'node:readline';
import { LOOP_LENGTH_TOLERANCE_SECONDS, LOOP_MAX_FRAME_PIXELS, LOOP_MAX_FRAME_RATE, LOOP_MAX_FRAME_SIDE } from '@studio/contract/constants';
import { spawnTool } from './tool-processes';

/** The programs a media run needs: ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH or found), prlimit and nice that bound it. */
export type MediaToolPaths = { ffmpeg: string; ffprobe: string; prlimit: string; nice: string };

/** The programs, and the address space each kind of run may take (MEDIA_PROBE_MEMORY_MB, MEDIA_WORK_MEMORY_MB). */
export type MediaTools = MediaToolPaths & { memoryMb: { probe: number; work: number } };

/**
 * The kinds of run the studio makes: a probe (ffprobe of an upload or a rendition), a thumbnail (one
 * frame of our own rendition), a loop's transcode, a live's remux to HLS (as long as the live).
 */
export type MediaWork = 'probe' | 'thumbnail' | 'transcode' | 'remux';

/** What one run may cost: address space, CPU seconds (all threads together), and wall time (null: none). */
export type RunBounds = { memoryBytes: number; cpuSeconds: number; wallMs: number | null };

/**
 * Each kind of run's bounds. Measured on Debian's ffmpeg 5.1 (issue 20): ffprobe needs under 400 MB of
 * address space; the transcode of a 60 s 1080x1920 clip peaks at 630 MB and 36 CPU seconds; a live
 * remux copies packets and costs next to nothing. A transcode's CPU and wall time follow the clip's
 * measured length, ten CPU seconds and twenty wall seconds per second of clip. A remux has no wall
 * time (it lasts as long as its live); its CPU bound is one no remux reaches in weeks of air.
 */
export function runBounds(tools: MediaTools, work: MediaWork, contentSeconds = 0): RunBounds {
  const mb = (value: number) => value * 1024 * 1024;
  switch (work) {
    case 'probe':
      return { memoryBytes: mb(tools.memoryMb.probe), cpuSeconds: 60, wallMs: 60_000 };
    case 'thumbnail':
      return { memoryBytes: mb(tools.memoryMb.probe), cpuSeconds: 30, wallMs: 60_000 };
    case 'transcode':
      return { memoryBytes: mb(tools.memoryMb.work), cpuSeconds: Math.ceil(Math.max(120, contentSeconds * 10)), wallMs: Math.ceil(Math.max(120_000, contentSeconds * 20_000)) };
    case 'remux':
      return { memoryBytes: mb(tools.memoryMb.work), cpuSeconds: 4 * 3600, wallMs: null };
  }
}

/**
 * The command line of a bounded run: prlimit sets the address space, the CPU time (SIGXCPU at the
 * bound, which ffmpeg answers by finishing, then SIGKILL five seconds later) and no core file, nice
 * lowers its priority below the API's, then the tool. Both exec: the child's pid is the tool's.
 */
export function boundedCommand(tools: MediaToolPaths, bounds: RunBounds, program: string, args: string[]): { command: string; args: string[] } {
  return {
    command: tools.prlimit,
    args: [`--as=${bounds.memoryBytes}`, `--cpu=${bounds.cpuSeconds}:${bounds.cpuSeconds + 5}`, '--core=0', tools.nice, '-n', '10', program, ...args],
  };
}

export type Launched = { child: ChildProcess; bounds: RunBounds; timedOut: () => boolean };

/**
 * The one place the studio starts a media tool (lint allows node:child_process only in tool-processes.ts,
 * which this calls): bounded by `runBounds`, without a shell (arguments are never parsed), killed at its
 * wall time, and never outliving the server.
 */
export function launch(tools: MediaTools, work: MediaWork, tool: 'ffmpeg' | 'ffprobe', args: string[], options: { stdio: StdioOptions; contentSeconds?: number }): Launched {
  const bounds = runBounds(tools, work, options.contentSeconds);
  const line = boundedCommand(tools, bounds, tools[tool], args);
  // glibc reserves 64 MB of address space per thread's arena; two arenas keep a many-core machine's
  // ffmpeg within the same bound as a two-core one's.
  // Bound to the server's life as well (tool-processes.ts: the kernel kills it when the server dies).
  const child = spawnTool(line.command, line.args, { stdio: options.stdio, env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
  let timedOut = false;
  if (bounds.wallMs !== null) {
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, bounds.wallMs);
    child.once('close', () => clearTimeout(timer));
    child.once('error', () => clearTimeout(timer));
  }
  return { child, bounds, timedOut: () => timedOut };
}

/** A tool fed and read through pipes for as long as it runs (a live's remux). */
export function launchPiped(tools: MediaTools, work: MediaWork, tool: 'ffmpeg' | 'ffprobe', args: string[]): ChildProcessWithoutNullStreams {
  return launch(tools, work, tool, args, { stdio: ['pipe', 'pipe', 'pipe'] }).child as ChildProcessWithoutNullStreams;
}

export type RunResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; timedOut: boolean };

/** Runs a tool to its end, bounded, keeping the tail of its error output (and its output, or each line of it). */
export function run(
  tools: MediaTools,
  work: MediaWork,
  tool: 'ffmpeg' | 'ffprobe',
  args: string[],
  options: { contentSeconds?: number; onStdoutLine?: (line: string) => void; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const { child, timedOut } = launch(tools, work, tool, args, { stdio: ['ignore', 'pipe', 'pipe'], contentSeconds: options.contentSeconds });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    if (options.onStdoutLine) {
      // One line at a time, never the whole output: a file of millions of packets is read as it comes.
      createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', options.onStdoutLine);
    } else {
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        if (stdout.length < 1_000_000) stdout += chunk;
      });
    }
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr, timedOut: timedOut() }));
  });
}

/**
 * What ffmpeg says when the address space bound refuses an allocation: libavutil's ENOMEM, a decoder's
 * frame, x264's own malloc, a thread's stack, or an encoder that could not allocate its state (the
 * rendition's encoder settings are fixed and valid, so opening it fails for want of memory).
 */
const OUT_OF_MEMORY = /Cannot allocate memory|get_buffer\(\) failed|malloc of size|failed to allocate|out of memory|Resource temporarily unavailable|Error while opening encoder/i;

/**
 * A run its bounds ended: its wall time, a signal its caller did not send (SIGXCPU or the SIGKILL
 * after it, or the kernel's), ffmpeg's own exit on SIGXCPU ("received signal 24"), or an allocation
 * refused by the address space bound. Callers check their own stops first.
 */
export function endedByBounds(result: RunResult): boolean {
  return result.timedOut || result.signal !== null || /received signal 24/.test(result.stderr) || OUT_OF_MEMORY.test(result.stderr);
}

/** The decoder's own bound on a frame, given to every run that decodes an upload (a frame beyond it is never allocated). */
export const MAX_PIXELS_ARGS = ['-max_pixels', String(LOOP_MAX_FRAME_PIXELS)];
const tooManyPixels = /exceeds specified max pixel count/;
/**
 * What an uploaded video may be read as, given before every run that opens one: only the containers
 * the upload page accepts (mp4 and QuickTime by the `mov` demuxer, WebM and Matroska by `matroska`),
 * read from its own file alone — a local file, or the loopback address through which an instance
 * offers an object of the bucket (stores/tool-reader.ts). Without it the tools guess the container
 * from the bytes, and a text file that is an HLS playlist or a concat list naming `file:///…` makes
 * them read any file of the server's disk into the rendition (a private rendition, another person's
 * upload, /proc/self/environ). A file of any other container is refused as not a video, before a
 * frame is decoded.
 */
export function uploadedVideoInputArgs(input: string): string[] {
  return ['-format_whitelist', 'mov,matroska', '-protocol_whitelist', input.startsWith('http://127.0.0.1:') ? 'http,tcp' : 'file'];
}

export type ProbeResult = {
  /** Measured from the video packets the file holds (first timestamp to the end of the last frame), never its header. */
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
  /** The stream measured, the one a transcode must map. */
  streamIndex: number;
};

/** Why a file is not a loop's video; each is a code of the error catalogue the browser words. */
export type ProbeFailure = 'LOOP_NOT_VIDEO' | 'LOOP_DAMAGED' | 'LOOP_TOO_LONG' | 'LOOP_RESOLUTION_TOO_HIGH' | 'LOOP_FRAME_RATE_TOO_HIGH' | 'LOOP_TOO_COSTLY';

export class MediaProbeError extends Error {
  constructor(readonly code: ProbeFailure, detail: string) {
    super(detail);
  }
}

/** Frame rates a hair over the limit are rounding (60000/1001 and friends), not a faster clip. */
const RATE_SLACK = 1.01;

const rateOf = (fraction: string | undefined): number => {
  const [num, den] = (fraction ?? '').split('/').map(Number);
  return num !== undefined && den !== undefined && Number.isFinite(num) && Number.isFinite(den) && den > 0 ? num / den : 0;
};

/**
 * A loop's length and frame rate as its packets say, fed one line of ffprobe's packet list at a time
 * (`pts_time=…|dts_time=…|duration_time=…`). It answers a verdict as soon as one is certain, so a
 * file of millions of tiny packets is judged after at most the packets a whole clip at the highest
 * rate would have: past them the clip is either too long or too fast.
 */
export class PacketMeter {
  private count = 0;
  private first = Infinity;
  private lastPts = -Infinity;
  private end = -Infinity;
  private readonly maxSeconds: number;
  private readonly maxPackets: number;

  constructor(maxSeconds: number) {
    this.maxSeconds = maxSeconds + LOOP_LENGTH_TOLERANCE_SECONDS;
    this.maxPackets = Math.ceil(this.maxSeconds * LOOP_MAX_FRAME_RATE * RATE_SLACK) + 1;
  }

  get packets(): number {
    return this.count;
  }

  add(line: string): ProbeFailure | null {
    const fields = new Map(line.split('|').map((pair) => pair.split('=', 2) as [string, string | undefined]));
    this.count += 1;
    const pts = Number(fields.get('pts_time') ?? NaN);
    const at = Number.isFinite(pts) ? pts : Number(fields.get('dts_time') ?? NaN);
    if (Number.isFinite(at)) {
      const duration = Number(fields.get('duration_time') ?? NaN);
      this.first = Math.min(this.first, at);
      this.lastPts = Math.max(this.lastPts, at);
      this.end = Math.max(this.end, at + (Number.isFinite(duration) && duration > 0 ? duration : 0));
      if (this.end - this.first > this.maxSeconds) return 'LOOP_TOO_LONG';
    }
    if (this.count > this.maxPackets) return 'LOOP_FRAME_RATE_TOO_HIGH';
    return null;
  }

  /** The length and the frame rate measured, once every packet is in; a packet without a duration lasts the average interval. */
  result(): { seconds: number; rate: number } | null {
    if (this.count === 0 || !Number.isFinite(this.first)) return null;
    const interval = this.count > 1 ? (this.lastPts - this.first) / (this.count - 1) : 0;
    const seconds = Math.max(this.end, this.lastPts + interval) - this.first;
    if (!(seconds > 0)) return null;
    return { seconds, rate: this.count / seconds };
  }

  verdict(): ProbeFailure | null {
    const measured = this.result();
    if (!measured) return 'LOOP_NOT_VIDEO';
    if (measured.seconds > this.maxSeconds) return 'LOOP_TOO_LONG';
    if (measured.rate > LOOP_MAX_FRAME_RATE * RATE_SLACK) return 'LOOP_FRAME_RATE_TOO_HIGH';
    return null;
  }
}

type FfprobeJson = {
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    nb_frames?: string;
    r_frame_rate?: string;
    avg_frame_rate?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
};

/**
 * A tool that could not be started at all: the bounding wrappers (prlimit, nice) exit 126 when they
 * cannot invoke it and 127 when it is not found. A fault of this machine, never a verdict on a file.
 */
export class MediaToolFault extends Error {}
const CANNOT_INVOKE = new Set([126, 127]);

/** ffprobe's own failure, told by cause: a frame over the decoder's pixel bound, the run's bounds, or a file it cannot read. */
function failureOf(result: RunResult, otherwise: ProbeFailure): MediaProbeError {
  const last = result.stderr.trim().split('\n').pop() ?? 'unreadable';
  if (result.signal === null && result.code !== null && CANNOT_INVOKE.has(result.code)) throw new MediaToolFault(`the tool could not be started (exit ${result.code}): ${last}`);
  if (tooManyPixels.test(result.stderr)) return new MediaProbeError('LOOP_RESOLUTION_TOO_HIGH', last);
  if (endedByBounds(result)) return new MediaProbeError('LOOP_TOO_COSTLY', last);
  return new MediaProbeError(otherwise, last);
}

/**
 * What a file really is, read by ffprobe from its content (its name, declared type and header's
 * length never count), bounded like every run. First its streams, judged before a frame is decoded
 * beyond the one ffprobe reads (itself bounded by the pixel limit): the frame's size and the declared
 * frame rates. Then the video stream's packets, one line at a time: the length is where the frames
 * are, the rate is how many there are a second, and a file cut short (an interrupted copy whose
 * header promises more frames than arrive) is refused here, before any transcode.
 */
export async function probe(tools: MediaTools, file: string, limits: { maxSeconds: number }): Promise<ProbeResult> {
  const streams = await run(tools, 'probe', 'ffprobe', [
    '-v', 'error', ...MAX_PIXELS_ARGS, '-print_format', 'json',
    '-show_entries', 'stream=index,codec_type,codec_name,width,height,nb_frames,r_frame_rate,avg_frame_rate:stream_disposition=attached_pic:stream_tags=rotate:stream_side_data=rotation',
    ...uploadedVideoInputArgs(file),
    file,
  ]);
  if (streams.code !== 0) throw failureOf(streams, 'LOOP_NOT_VIDEO');
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(streams.stdout) as FfprobeJson;
  } catch {
    throw new MediaProbeError('LOOP_NOT_VIDEO', 'unreadable probe');
  }
  const video = parsed.streams?.find(
    (stream) => stream.codec_type === 'video' && stream.width && stream.height && stream.index !== undefined && !stream.disposition?.attached_pic && stream.codec_name !== 'mjpeg' && stream.codec_name !== 'png',
  );
  if (!video) throw new MediaProbeError('LOOP_NOT_VIDEO', 'no video stream');
  const [codedWidth, codedHeight] = [video.width!, video.height!];
  if (codedWidth > LOOP_MAX_FRAME_SIDE || codedHeight > LOOP_MAX_FRAME_SIDE || codedWidth * codedHeight > LOOP_MAX_FRAME_PIXELS) {
    throw new MediaProbeError('LOOP_RESOLUTION_TOO_HIGH', `${codedWidth}x${codedHeight}`);
  }
  const declaredRate = Math.max(rateOf(video.r_frame_rate), rateOf(video.avg_frame_rate));
  if (declaredRate > LOOP_MAX_FRAME_RATE * RATE_SLACK) throw new MediaProbeError('LOOP_FRAME_RATE_TOO_HIGH', `${declaredRate} fps declared`);

  const meter = new PacketMeter(limits.maxSeconds);
  const judged: { early: ProbeFailure | null; child?: ChildProcess } = { early: null };
  const packets = await run(tools, 'probe', 'ffprobe', ['-v', 'error', ...MAX_PIXELS_ARGS, '-select_streams', String(video.index), '-show_entries', 'packet=pts_time,dts_time,duration_time', '-of', 'compact=p=0', ...uploadedVideoInputArgs(file), file], {
    onSpawn: (child) => (judged.child = child),
    onStdoutLine: (line) => {
      if (judged.early || !line) return;
      judged.early = meter.add(line);
      // Judged: the rest of the file is not read.
      if (judged.early) judged.child?.kill('SIGKILL');
    },
  });
  if (judged.early) throw new MediaProbeError(judged.early, 'judged by its packets');
  if (packets.code !== 0) throw failureOf(packets, 'LOOP_DAMAGED');
  const verdict = meter.verdict();
  if (verdict) throw new MediaProbeError(verdict, 'judged by its packets');
  const promised = Number(video.nb_frames);
  const read = meter.packets;
  if (Number.isFinite(promised) && promised > 0 && read < promised * 0.98) {
    throw new MediaProbeError('LOOP_DAMAGED', `${read} of ${promised} frames readable`);
  }
  // A phone's portrait video is often stored landscape with a rotation: the viewer sees it turned.
  const rotation = Math.abs(Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [codedHeight, codedWidth] : [codedWidth, codedHeight];
  return {
    durationSeconds: meter.result()!.seconds,
    width,
    height,
    videoCodec: video.codec_name ?? 'unknown',
    hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
    streamIndex: video.index!,
  };
}
