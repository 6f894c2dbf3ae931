import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hlsRecorder, type HlsPublisher, type HlsRecorder } from './ingest/hls-recorder';
import { restreamForwarder, type RestreamForwarder } from './ingest/restream-forwarder';
import { restreamService, type RestreamService } from './restream-service';
import { startRtmpIngest, type RtmpIngest } from './ingest/rtmp-ingest';
import { StreamHub } from './ingest/stream-hub';
import { ingestNodeRepository } from './ingest/ingest-node-repository';
import { startInternalListener, streamLink, type StreamLink } from './ingest/ingest-node';
import { ingestNodeRunner, staleClaimSweep, type IngestNodeRunner } from './ingest/ingest-node-runner';
import { whipIngest, type WhipIngest } from './ingest/whip-ingest';
import type { ThumbnailSaver } from './routes';
import { removeAbandoned } from '../../media/abandoned-files';
import { diskStore } from '../../media/stores/disk-store';
import type { ByteRange, StoredObject } from '../../media/stores/object-store';
import { MAX_IMAGE_BYTES, uploadedFile } from '../../media/upload';
import { THUMBNAIL_SIZE, writeLayerCrop } from './thumbnails';
import { liveService, type GraceScheduler, type LiveService, type ReplayScheduler } from './live-service';
import { queueRecordingRemoval, RECORDING_REMOVE_QUEUE, RecordingRemoveJob, recordingStore } from './recording-files';
import { REPLAY_TRIM_CLEANUP_QUEUE, REPLAY_TRIM_QUEUE, ReplayTrimCleanupJob, ReplayTrimJob, replayTrimService, type ReplayTrimService } from './replay-trim-service';
import { REPLAY_QUEUE, replayService, type ReplayJob, type ReplayService } from './replay-service';
import { KeyAttemptLimiter } from './key-attempts';

export const GRACE_QUEUE = 'live.grace-close';

type GraceJob = { liveId: number; interruptedAt: string };

export type LiveRuntime = {
  hub: StreamHub;
  recorder: HlsRecorder;
  service: LiveService;
  replays: ReplayService;
  trims: ReplayTrimService;
  /** Restream targets of stream keys, and their forwarding while on air (issue 24, point 3). */
  restream: RestreamService;
  forwarder: RestreamForwarder;
  /** Where HLS playlists and segments are written: `<dir>/<liveId>/` (on the ingest's disk). */
  hlsDir: string;
  /** A playlist or segment (or a range of it) as players get it: from hlsDir on disk, from the bucket (`live/<liveId>/<file>`) with STORAGE=s3. */
  readHls(liveId: number, file: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  /** The WHIP ingest (issue 24, point 2): where the embedded ingest runs, with WHIP_MAX_SESSIONS above 0. */
  whip: WhipIngest | null;
  /** The embedded ingest's port, once listening (null with RTMP_INGEST=off or without the ingest role). */
  rtmpPort(): number | null;
  /** Whether the embedded ingest accepts connections (null where this instance has none). */
  rtmpListening(): boolean | null;
  /** Streams wherever they are held: this hub, or another ingest node's internal listener (decision 050). */
  link: StreamLink;
  /** This process's ingest node in the registry (null without the embedded ingest). */
  node: IngestNodeRunner | null;
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
 * durable grace-period timer. Only an instance with the `ingest` role listens
 * for RTMP; elsewhere the hub receives nothing, so the recorder records nothing.
 */
export async function createLiveRuntime(app: FastifyInstance, options: { ingest: boolean; worker?: boolean }): Promise<LiveRuntime> {
  const { config } = app;
  const hub = new StreamHub();
  const hlsDir = path.resolve(config.dataDir, 'live');
  // Segments and playlists ffmpeg was writing when a server died (its `temp_file` names end in .tmp;
  // a recording renames each within seconds): the recording goes on from the last whole segment.
  const abandoned = await removeAbandoned(hlsDir, { suffixes: ['.tmp'], olderThanMs: config.loops.leaseSeconds * 1000, depth: 2 });
  if (abandoned > 0) app.log.warn({ abandoned }, 'removed live segments left half-written by a server that is gone');
  let ingest: RtmpIngest | null = null;
  let whip: WhipIngest | null = null;

  const scheduleGraceClose: GraceScheduler = async (trx, job) => {
    const data: GraceJob = { liveId: job.liveId, interruptedAt: job.interruptedAt.toISOString() };
    // Wall time, not the injectable clock: the queue compares with the database's own now().
    const startAfter = new Date(Date.now() + config.live.reconnectGraceSeconds * 1000);
    // Queued inside the transaction that marks the interruption: the timer exists exactly when it does,
    // and survives a restart of the server.
    await app.jobs.send(GRACE_QUEUE, data, { startAfter, singletonKey: `live-${job.liveId}-${data.interruptedAt}`, tx: trx });
  };

  // In a bucket, each finished segment and the playlist are put as the recorder makes them, so any web instance serves them.
  const hlsKey = (liveId: number, file: string) => `live/${liveId}/${file}`;
  const publisher: HlsPublisher | undefined =
    config.storage.kind === 's3'
      ? {
          segment: (liveId, name, file) => app.media.objects.put(hlsKey(liveId, name), createReadStream(file), { contentType: 'video/mp2t' }),
          playlist: (liveId, text) => app.media.objects.put(hlsKey(liveId, 'index.m3u8'), Buffer.from(text), { contentType: 'application/vnd.apple.mpegurl' }),
          published: async (liveId) => (await recordings.read(liveId, 'index.m3u8'))?.toString('utf8') ?? null,
        }
      : undefined;
  // On disk, hlsDir read through a disk store of its own: the same range reads as the bucket's (it never writes there).
  const hlsOnDisk = diskStore(hlsDir);
  const readHls: LiveRuntime['readHls'] = (liveId, file, options) =>
    publisher ? app.media.objects.get(hlsKey(liveId, file), options) : hlsOnDisk.get(`${liveId}/${file}`, options);

  const scheduleReplay: ReplayScheduler = async (trx, job) => {
    const data: ReplayJob = { liveId: job.liveId, actorId: job.actorId };
    // A little after the close: the recorder flushes the last segment first. The close settles it
    // at once anyway; this job is what remains when that did not happen (a crash, another instance).
    const startAfter = new Date(Date.now() + 10_000);
    await app.jobs.send(REPLAY_QUEUE, data, { startAfter, singletonKey: `replay-${job.liveId}`, tx: trx });
  };

  const saveStill = async (still: Buffer): Promise<string> => {
    const saved = await app.media.saveImage(still, {
      kind: 'thumbnails',
      maxBytes: 50_000_000,
      resize: { width: THUMBNAIL_SIZE.width, height: THUMBNAIL_SIZE.height, fit: 'inside' },
    });
    await writeLayerCrop(app.media, saved);
    return saved.url;
  };

  const recorder = hlsRecorder({
    tools: config.mediaTools,
    dir: hlsDir,
    publisher,
    hub,
    onFirstSegment: (liveId) => void service.markRecorded(liveId).catch((error: unknown) => app.log.error({ err: error, liveId }, 'could not mark the recording')),
    log: app.log,
  });

  // The recording's files as players get them: this disk, or the bucket with STORAGE=s3 (where the ingest's disk keeps a copy too).
  const recordings = recordingStore({ hlsDir, bucket: publisher ? app.media.objects : null });
  // Fed from the hub like the recorder: our RTMP client per target (decision 064), only where the hub receives.
  const forwarder = restreamForwarder({
    hub,
    retry: config.live.restream.retry,
    loadTargets: (streamKeyId) => restream.forwardTargets(streamKeyId),
    log: app.log,
  });
  const restream = restreamService({
    db: app.db,
    clock: app.clock,
    allowLocalTargets: config.live.restream.allowLocalTargets,
    claimTimeoutSeconds: config.live.node.timeoutSeconds,
    states: (streamKeyId) => forwarder.states(streamKeyId),
    changed: (streamKeyId) => forwarder.refresh(streamKeyId),
  });

  const replays = replayService({
    db: app.db,
    clock: app.clock,
    tools: config.mediaTools,
    hlsDir,
    isRecording: (liveId) => recorder.isRecording(liveId),
    // A living ingest node ends a recording whose off-air command was lost within a heartbeat (decision 059).
    unfinishedWaitSeconds: config.live.node.timeoutSeconds,
    saveThumbnail: saveStill,
    recordings,
    log: app.log,
  });

  const trims = replayTrimService({ db: app.db, clock: app.clock, jobs: app.jobs, tools: config.mediaTools, recordings, saveThumbnail: saveStill, log: app.log });

  const nodes = ingestNodeRepository(app.db, config.live.node.timeoutSeconds);
  const embedded = options.ingest && config.live.ingest === 'embedded';
  const link = streamLink({ hub, nodes, secret: config.live.node.secret, self: embedded ? config.live.node.id : null, log: app.log });

  const service = liveService({
    db: app.db,
    clock: app.clock,
    hub,
    recorder,
    serverUrl: () => rtmpServerUrl(config.publicUrl, ingest?.port ?? config.live.rtmpPort, config.live.rtmpPublicUrl),
    graceSeconds: config.live.reconnectGraceSeconds,
    scheduleGraceClose,
    scheduleReplay,
    settleReplay: (liveId, actorId) => replays.settle(liveId, actorId),
    queueRecordingRemoval: (trx, liveId) => queueRecordingRemoval(app.jobs, trx, liveId),
    keyAttempts: new KeyAttemptLimiter({ perMinute: config.live.keyAttemptsPerMinute, clock: app.clock }),
    restream: forwarder,
    link,
    claimTimeoutSeconds: config.live.node.timeoutSeconds,
    ingestNode: embedded ? config.live.node.id : null,
    log: app.log,
  });

  hub.on('publish', (streamKeyId) => {
    void service.publishStarted(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not resume recording'));
  });
  hub.on('media', (streamKeyId) => {
    void service.mediaArrived(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not record that media arrives'));
  });

  // Registered whatever the options: the queue's handler is known even where workers do not run (tests drain it).
  await app.jobs.work<GraceJob>(GRACE_QUEUE, async (data) => service.graceExpired(data.liveId, new Date(data.interruptedAt)), { unique: true });
  // Throws while the recording is still being finished here, so pg-boss retries it (RETRY_DELAY_SECONDS).
  await app.jobs.work<ReplayJob>(REPLAY_QUEUE, async (data) => void (await replays.settle(data.liveId, data.actorId)), { unique: true });
  await app.jobs.work<unknown>(
    RECORDING_REMOVE_QUEUE,
    async (data, job) => {
      const parsed = RecordingRemoveJob.safeParse(data);
      if (!parsed.success) return app.log.error({ jobId: job.id }, `${RECORDING_REMOVE_QUEUE} job with malformed data`);
      await replays.removeRecording(parsed.data.liveId);
    },
    { unique: true },
  );
  await app.jobs.work<unknown>(
    REPLAY_TRIM_QUEUE,
    async (data, job) => {
      const parsed = ReplayTrimJob.safeParse(data);
      if (!parsed.success) return app.log.error({ jobId: job.id }, `${REPLAY_TRIM_QUEUE} job with malformed data`);
      await trims.run(parsed.data.trimId);
    },
    { unique: true },
  );
  await app.jobs.work<unknown>(
    REPLAY_TRIM_CLEANUP_QUEUE,
    async (data, job) => {
      const parsed = ReplayTrimCleanupJob.safeParse(data);
      if (!parsed.success) return app.log.error({ jobId: job.id }, `${REPLAY_TRIM_CLEANUP_QUEUE} job with malformed data`);
      await trims.cleanup(parsed.data);
    },
    { unique: true },
  );

  // With every ingest node dead, their flags are still let go and their on-air lives wait out the grace period (decision 059).
  if (options.worker) {
    const sweep = staleClaimSweep({ nodes, service, everySeconds: config.live.node.heartbeatSeconds, log: app.log });
    app.addHook('onReady', async () => {
      await sweep.sweep();
      sweep.start();
    });
    app.addHook('onClose', () => sweep.stop());
  }

  // Start-up repair: lives closed without their recording settled (recorded before replays existed, or a
  // server stopped between a close and its job) get their replay, or are told they have none.
  if (options.worker) {
    app.addHook('onReady', async () => {
      const settled = await replays.repairUnsettled();
      if (settled > 0) app.log.info({ settled }, 'settled the recordings of closed lives');
    });
  }

  // Ends of publications still being written down; shutdown waits for them.
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  /** The instance is closing: no new WHIP session is made for another instance. */
  let closing = false;
  let node: IngestNodeRunner | null = null;
  let internal: Awaited<ReturnType<typeof startInternalListener>> | null = null;
  if (embedded) {
    const { id, internal: listen, secret } = config.live.node;
    // Web instances reach this node's streams here: the preview, the figures, the recording's start and end.
    if (listen && secret) {
      internal = await startInternalListener({
        host: listen.host,
        port: listen.port,
        secret,
        hub,
        commands: {
          onAir: (streamKeyId) => service.publishStarted(streamKeyId),
          offAir: async (liveId) => void (await Promise.all([recorder.stop(liveId), forwarder.stop(liveId)])),
        },
        // None once the instance is closing: an offer then would make a session nothing ends.
        whip: () => (closing ? null : whip),
        log: app.log,
      });
    }
    const internalUrl = internal && listen ? (listen.url ?? `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${internal.port}`) : null;
    // Nothing is received by this node before it accepts a connection: what an earlier run of it (or a
    // node that died) left flagged is let go, and those lives wait out the grace period like any dropped
    // encoder. A living node's flags are never touched.
    node = ingestNodeRunner({ id, internalUrl, nodes, hub, service, heartbeatSeconds: config.live.node.heartbeatSeconds, timeoutSeconds: config.live.node.timeoutSeconds, clock: app.clock, log: app.log });
    await node.start();
    ingest = await startRtmpIngest({
      port: config.live.rtmpPort,
      host: config.live.rtmpHost,
      hub,
      limits: config.live.rtmp,
      log: app.log,
      gate: {
        authorize: (rtmpApp, secret, address) => service.authorizePublish(rtmpApp, secret, address),
        done: (streamKeyId) => track(service.publishDone(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not record the end of a publication'))),
      },
    });
    app.log.info({ port: ingest.port, node: id, internalUrl }, 'RTMP ingest listening');
    if (config.live.whipMaxSessions > 0) {
      whip = whipIngest({
        tools: config.mediaTools,
        hub,
        maxSessions: config.live.whipMaxSessions,
        publicAddresses: config.live.whipPublicAddresses,
        udpPorts: config.live.whipUdpPorts,
        mediaDeadlineMs: config.live.rtmp.publishDeadlineSeconds * 1000,
        log: app.log,
        gate: {
          claim: (streamKeyId) => service.claimPublish(streamKeyId),
          done: (streamKeyId) => track(service.publishDone(streamKeyId).catch((error: unknown) => app.log.error({ err: error, streamKeyId }, 'could not record the end of a publication'))),
        },
      });
    }
  }

  app.addHook('preClose', async () => {
    closing = true;
    // Encoders are disconnected: their lives are interrupted (and their grace timers queued) before the pool closes.
    await Promise.all([ingest?.close(), whip?.closeAll()]);
    await Promise.all(pending);
    await Promise.all([recorder.stopAll(), forwarder.stopAll()]);
    await internal?.close();
    await node?.stop();
  });

  const saveThumbnail: ThumbnailSaver = async (request) => {
    const saved = await app.media.saveImage(await uploadedFile(request, MAX_IMAGE_BYTES), {
      kind: 'thumbnails',
      maxBytes: MAX_IMAGE_BYTES,
      resize: { width: THUMBNAIL_SIZE.width, height: THUMBNAIL_SIZE.height, fit: 'inside' },
    });
    // The creation layer's 100x66 crop, stored beside it (contract: layerThumbnailUrl).
    await writeLayerCrop(app.media, saved);
    return saved.url;
  };

  return { hub, recorder, service, replays, trims, restream, forwarder, whip, hlsDir, readHls, rtmpPort: () => ingest?.port ?? null, rtmpListening: () => ingest?.listening ?? null, link, node, saveThumbnail };
}
