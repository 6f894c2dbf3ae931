import type { ChildProcess } from 'node:child_process';
import { spawnTool } from './tool-processes';

/** ffmpeg and ffprobe as configured (FFMPEG_PATH, FFPROBE_PATH) or found on PATH. */
export type MediaTools = { ffmpeg: string; ffprobe: string };

export type ProbeResult = {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
};

/** Why a file is not a loop's video; each is a code of the error catalogue the browser words. */
export type ProbeFailure = 'LOOP_NOT_VIDEO' | 'LOOP_DAMAGED';

export class MediaProbeError extends Error {
  constructor(readonly code: ProbeFailure, detail: string) {
    super(detail);
  }
}

type RunResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** Runs a tool without a shell (arguments are never parsed), keeping the tail of its error output. */
export function run(command: string, args: string[], options: { timeoutMs: number; onStdoutLine?: (line: string) => void; onSpawn?: (child: ChildProcess) => void }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdoutLine) {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine(line);
      } else if (stdout.length < 1_000_000) {
        stdout += chunk;
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

type FfprobeJson = {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; nb_frames?: string; nb_read_packets?: string; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[];
};

/**
 * What a file really is, read by ffprobe from its content (its name and declared type never count).
 * Also counts the video packets it can actually read: a file cut short (an interrupted copy whose
 * header promises more frames than arrive) is refused here, before any transcode.
 */
export async function probe(tools: MediaTools, file: string): Promise<ProbeResult> {
  const result = await run(
    tools.ffprobe,
    ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,nb_frames,nb_read_packets:stream_tags=rotate:stream_side_data=rotation', file],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0) throw new MediaProbeError('LOOP_NOT_VIDEO', result.stderr.trim().split('\n').pop() ?? 'unreadable');
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(result.stdout) as FfprobeJson;
  } catch {
    throw new MediaProbeError('LOOP_NOT_VIDEO', 'unreadable probe');
  }
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height && stream.codec_name !== 'mjpeg' && stream.codec_name !== 'png');
  const duration = Number(parsed.format?.duration);
  if (!video || !Number.isFinite(duration) || duration <= 0) throw new MediaProbeError('LOOP_NOT_VIDEO', 'no video stream');
  const promised = Number(video.nb_frames);
  const read = Number(video.nb_read_packets);
  if (Number.isFinite(promised) && promised > 0 && Number.isFinite(read) && read < promised * 0.98) {
    throw new MediaProbeError('LOOP_DAMAGED', `${read} of ${promised} frames readable`);
  }
  // A phone's portrait video is often stored landscape with a rotation: the viewer sees it turned.
  const rotation = Math.abs(Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  return { durationSeconds: duration, width, height, videoCodec: video.codec_name ?? 'unknown', hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false };
}
