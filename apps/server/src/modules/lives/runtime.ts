import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { hlsRecorder, type HlsRecorder } from './ingest/hls-recorder';
import { startRtmpIngest, type RtmpIngest } from './ingest/rtmp-ingest';
import { StreamHub } from './ingest/stream-hub';
import type { ThumbnailSaver } from './routes';
import { AppError } from '../../lib/errors';
import { liveService, type GraceScheduler, type LiveService } from './live-service';
import { streamKeyRepository } from './stream-key-repository';

export const GRACE_QUEUE = 'live.grace-close';

type GraceJob = { liveId: number; interruptedAt: string };

type JobsLike = {
  send(queue: string, data: object, options?: { startAfter?: Date; singletonKey?: string; tx?: Transaction<Database> }): Promise<string | null>;
  work<T>(queue: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number; unique?: boolean }): Promise<void>;
};

export type LiveRuntime = {
  hub: StreamHub;
  recorder: HlsRecorder;
  service: LiveService;
  /** Where HLS playlists and segments are written: `<dir>/<liveId>/`. */
  hlsDir: string;
  /** The embedded ingest's port, once listening (null with RTMP_INGEST=off). */
  rtmpPort(): number | null;
  saveThumbnail: ThumbnailSaver;
};

/** The RTMP address OBS is told: RTMP_PUBLIC_URL, else PUBLIC_URL's host with the ingest's port. */
export function rtmpServerUrl(publicUrl: string, port: number, configured?: string): string {
  if (configured) return configured;
  return `rtmp://${new URL(publicUrl).hostname}:${port}/live`;
}

/**
 * The live broadcasting machinery of one server: the stream hub, the HLS
 * recorder, the rules, the embedded RTMP ingest (unless nginx ingests), and the
 * durable grace-period timer.
 */
export async function createLiveRuntime(app: FastifyInstance, options: { backgroundJobs: boolean }): Promise<LiveRuntime> {
  const { config } = app;
  const hub = new StreamHub();
  const hlsDir = path.resolve(config.dataDir, 'live');
  let ingest: RtmpIngest | null = null;
  const jobs = (app as unknown as { jobs?: JobsLike }).jobs;

  const scheduleGraceClose: GraceScheduler = async (trx, job) => {
    const data: GraceJob = { liveId: job.liveId, interruptedAt: job.interruptedAt.toISOString() };
    if (jobs) {
      await jobs.send(GRACE_QUEUE, data, { startAfter: job.closeAt, singletonKey: `live-${job.liveId}-${data.interruptedAt}`, tx: trx });
      return;
    }
    // Without the job queue (not yet wired), an in-process timer: lost on restart.
    const timer = setTimeout(() => void service.graceExpired(job.liveId, job.interruptedAt).catch((error: unknown) => app.log.error({ err: error }, 'grace close failed')), job.closeAt.getTime() - Date.now());
    timer.unref();
  };

  const recorder = hlsRecorder({
    ffmpegPath: config.live.ffmpegPath ?? 'ffmpeg',
    dir: hlsDir,
    hub,
    onFirstSegment: (liveId) => void service.markRecorded(liveId).catch((error: unknown) => app.log.error({ err: error, liveId }, 'could not mark the recording')),
    log: app.log,
  });

  const service = liveService({
    db: app.db,
    clock: app.clock,
    hub,
    recorder,
    serverUrl: () => rtmpServerUrl(config.publicUrl, ingest?.port ?? config.live.rtmpPort, config.live.rtmpPublicUrl),
    graceSeconds: config.live.reconnectGraceSeconds,
    scheduleGraceClose,
    log: app.log,
  });

  hub.on('publish', (streamKeyId) => {
    void service.publishStarted(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not resume recording'));
  });

  if (jobs && options.backgroundJobs) {
    await jobs.work<GraceJob>(GRACE_QUEUE, async (data) => service.graceExpired(data.liveId, new Date(data.interruptedAt)), { unique: true });
  }

  if (config.live.ingest === 'embedded') {
    await streamKeyRepository(app.db).clearPublishing();
    ingest = await startRtmpIngest({
      port: config.live.rtmpPort,
      host: config.live.rtmpHost,
      hub,
      gate: {
        authorize: (rtmpApp, secret) => service.authorizePublish(rtmpApp, secret),
        done: (streamKeyId) => void service.publishDone(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not record the end of a publication')),
      },
    });
    app.log.info({ port: ingest.port }, 'RTMP ingest listening');
  }

  app.addHook('preClose', async () => {
    await ingest?.close();
    await recorder.stopAll();
  });

  // Wired to the media store when it lands on main.
  const saveThumbnail: ThumbnailSaver = () => Promise.reject(new AppError('THUMBNAIL_UPLOAD_FAILED'));

  return { hub, recorder, service, hlsDir, rtmpPort: () => ingest?.port ?? null, saveThumbnail };
}
