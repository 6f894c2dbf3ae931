import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody, errorCatalogue, type ErrorCode } from '@studio/contract/errors';
import { CreatedContent } from '@studio/contract/content';
import { Loop, LoopLimits, LoopList, LoopParams, LoopThumbnailBody, PublishLoopBody } from '@studio/contract/loop';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { AppError } from '../../lib/errors';
import { queueRemoval } from '../../media/media-jobs';
import { MediaProbeError, probe } from '../../media/media-tools';
import { requireChannel } from '../../plugins/require-user';
import { assertCreateOption } from '../contents/content-rules';
import { contentService } from '../contents/content-service';
import { startLeaseSweep } from './loop-lease-sweep';
import { LOOP_QUEUE, loopProcessor } from './loop-processing';
import { filesOf, loopRepository, toLoop, UNFINISHED } from './loop-repository';
import { loopUploadService, UPLOAD_REMOVE_QUEUE, UploadRemoveJob } from './loop-uploads';
import { uploadRateLimit } from '../../media/upload';

/** tus answers a hook's error with its `status_code` and `body` (the studio's error body here). */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** The id the studio made for an upload being created, handed to tus by the request it arrived with. */
const madeIds = new WeakMap<IncomingMessage, string>();
/** tus sees a web Request; its node request is where the server put the id (srvx keeps it in `runtime.node`). */
const nodeRequestOf = (req: Request) => (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
const UploadParams = LoopParams;

/**
 * Loops: a resumable upload (tus 1.0.0, `@tus/server` with files under `$DATA_DIR/uploads/loops`),
 * judged by ffprobe when the last byte arrives, then a durable transcode job. Upload URLs carry the
 * channel and a server-made id; only the uploader continues an upload.
 */
export async function loopRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { maxBytes, maxSeconds, workers, leaseSeconds, maxUnfinished, maxUnfinishedBytes, idleHours, startsPerMinute, chunksPerMinute } = app.config.loops;
  const tools = app.config.mediaTools;
  const uploadsDir = path.resolve(app.config.dataDir, 'uploads', 'loops');
  const loops = loopRepository(app.db);
  const processor = loopProcessor({
    db: app.db,
    media: app.media,
    tools,
    clock: app.clock,
    log: app.log,
    jobs: app.jobs,
    uploadsDir,
    workDir: path.resolve(app.config.dataDir, 'run', 'loops'),
    maxSeconds,
    leaseMs: leaseSeconds * 1000,
  });
  const tags = ['loops'];
  const urlFor = (kind: 'loops' | 'thumbnails', name: string) => app.media.urlFor(kind, name);
  const contents = contentService(app.db, app.jobs, app.clock);
  const uploads = loopUploadService({ db: app.db, jobs: app.jobs, clock: app.clock, bounds: app.config.loops });

  const errorBody = (code: ErrorCode, requestPath: string) => JSON.stringify({ code, message: errorCatalogue[code].message, path: requestPath, extra: null });

  const tus = new TusServer({
    path: '/api/loops-upload',
    datastore: new FileStore({ directory: uploadsDir }),
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: (req) => {
      const node = nodeRequestOf(req);
      const id = node && madeIds.get(node);
      // Only the studio's own creation route gets here with an id; nothing else creates uploads.
      if (!id) throw new Error('an upload is created only through the studio route');
      return id;
    },
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
    onUploadFinish: async (req, upload) => {
      const id = upload.id;
      const file = processor.sourceOf(id);
      let refusal: ErrorCode | null = null;
      try {
        // Length, frame size and rate as the file's frames have them (the probe refuses with the reason).
        await probe(tools, file, { maxSeconds });
      } catch (error) {
        refusal = error instanceof MediaProbeError ? error.code : 'LOOP_NOT_VIDEO';
      }
      if (refusal) {
        await app.db.transaction().execute((tx) => loops.transition(tx, id, [null], 'ERROR', app.clock.now(), { error_code: refusal }));
        await processor.removeSource(id);
        throw new TusRefusal(errorCatalogue[refusal].status, errorBody(refusal, new URL(req.url).pathname));
      }
      const queued = await app.db.transaction().execute(async (tx) => {
        const marked = await loops.markUploaded(tx, id, upload.size ?? 0, app.clock.now());
        if (marked) await app.jobs.send(LOOP_QUEUE, { loopId: id }, { tx, singletonKey: id });
        return marked;
      });
      if (!queued && !(await loops.find(id))) {
        // Its row left while the last piece arrived (it had expired idle): no job will ever take the file.
        await processor.removeSource(id);
        throw new TusRefusal(404, errorBody('NOT_FOUND', new URL(req.url).pathname));
      }
      return {};
    },
  });

  // The files of an upload that expired idle (its row is gone): removing what is already gone succeeds.
  await app.jobs.work<unknown>(UPLOAD_REMOVE_QUEUE, async (data, job) => {
    const parsed = UploadRemoveJob.safeParse(data);
    // A malformed job can never succeed: logged and dropped rather than retried.
    if (!parsed.success) return app.log.error({ jobId: job.id }, `${UPLOAD_REMOVE_QUEUE} job with malformed data`);
    await processor.removeSource(parsed.data.loopId);
  });
  // The job's expiry is only a backstop: a run whose instance died is handed on by the lease sweep.
  await app.jobs.work<{ loopId: string }>(LOOP_QUEUE, ({ loopId }) => processor.process(loopId), { unique: true, concurrency: workers, expireInSeconds: Math.max(600, maxSeconds * 10) });
  startLeaseSweep(app, processor);
  // Before the pool and the queue stop: ffmpeg runs end, their jobs go back to the queue for the next start.
  app.addHook('preClose', async () => processor.stopAll());

  // tus bodies are raw bytes streamed to disk: nothing of them is parsed or buffered here.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  const uploadLength = (request: FastifyRequest): number => {
    const raw = request.headers['upload-length'];
    if (request.headers['upload-defer-length'] !== undefined) throw new AppError('VALIDATION_FAILED', undefined, { reason: 'Upload-Length is required' });
    if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw) || Number(raw) === 0) throw new AppError('VALIDATION_FAILED', undefined, { reason: 'Upload-Length' });
    const length = Number(raw);
    if (length > maxBytes) throw new AppError('UPLOAD_TOO_LARGE', undefined, { maxBytes });
    return length;
  };

  app.get(
    '/channels/:channelId/loops/limits',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'What a loop upload may be', params: ChannelIdParams, response: { 200: LoopLimits, ...errorResponses } } },
    async () => ({ maxBytes, maxSeconds, maxUnfinished, maxUnfinishedBytes, idleHours, accept: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] }),
  );

  app.post(
    '/channels/:channelId/loops/uploads',
    {
      // Opening one writes a row and two files; a person opens a few, not dozens, a minute (each also counts against maxUnfinished).
      config: { access: 'channel:member', rateLimit: uploadRateLimit('loop-upload-start', startsPerMinute) },
      schema: {
        tags,
        summary:
          'Start a resumable upload (tus creation: Upload-Length, Tus-Resumable); answers 201 with its Location. 409 LOOP_UPLOADS_LIMIT_REACHED or LOOP_UPLOAD_BYTES_LIMIT_REACHED when the person holds too many unfinished uploads or bytes',
        params: ChannelIdParams,
        response: { ...errorResponses, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      assertCreateOption(channel, 'SHORTS');
      const totalBytes = uploadLength(request);
      const id = randomUUID();
      await uploads.open({ id, channelId: channel.id, userId: user.id, totalBytes });
      madeIds.set(request.raw, id);
      reply.raw.once('finish', () => {
        if (reply.raw.statusCode >= 300) void loops.remove(id).catch(() => undefined);
      });
      await handOver(request, reply);
    },
  );

  // HEAD (where to resume), PATCH (the next bytes), DELETE (cancel): the uploader's own upload only.
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/channels/:channelId/loops/uploads/:loopId',
      // PATCH: the browser sends 5 MB pieces (LOOP_UPLOAD_CHUNK_BYTES), so a whole upload of the largest
      // size is ~100 requests; the allowance (checked against that at start-up) only stops floods of tiny ones.
      config: { access: 'channel:member', ...(method === 'PATCH' ? { rateLimit: uploadRateLimit('loop-upload-chunk', chunksPerMinute) } : {}) },
      schema: { tags, summary: `tus ${method} of an upload`, params: UploadParams, ...(method === 'HEAD' ? {} : { response: { ...errorResponses, ...(method === 'PATCH' ? { 429: ErrorBody } : {}) } }) },
      handler: async (request: FastifyRequest<{ Params: z.infer<typeof UploadParams> }>, reply) => {
        const { channel, user } = requireChannel(request);
        const row = await loops.findInChannel(channel.id, request.params.loopId);
        if (!row || row.user_id !== user.id) throw new AppError('NOT_FOUND');
        if (method === 'PATCH') {
          if (row.status !== null) throw new AppError('LOOP_STATE_CHANGED');
          assertCreateOption(channel, 'SHORTS');
        }
        if (method === 'DELETE') {
          if (row.status !== null) throw new AppError('LOOP_STATE_CHANGED');
          await handOver(request, reply);
          await loops.remove(row.id);
          return;
        }
        await handOver(request, reply);
        if (method === 'PATCH') {
          const offset = Number(reply.raw.getHeader('upload-offset'));
          if (Number.isFinite(offset) && offset < row.total_bytes) await loops.recordUploaded(row.id, offset, app.clock.now()).catch(() => undefined);
        }
      },
    });
  }

  app.get(
    '/channels/:channelId/loops',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'My loops of this channel not yet published, newest first', params: ChannelIdParams, response: { 200: LoopList, ...errorResponses } } },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return { content: (await loops.listUnpublished(channel.id, user.id)).map((row) => toLoop(row, urlFor)) };
    },
  );

  app.get(
    '/channels/:channelId/loops/:loopId',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'A loop with its processing status and progress', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => {
      const { channel } = requireChannel(request);
      const row = await loops.findInChannel(channel.id, request.params.loopId);
      if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
      return toLoop(row, urlFor);
    },
  );

  app.post(
    '/channels/:channelId/loops/:loopId/retry',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Process a failed or stopped loop again (its file is kept until it completes)', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => {
      const { channel } = requireChannel(request);
      assertCreateOption(channel, 'SHORTS');
      const row = await loops.findInChannel(channel.id, request.params.loopId);
      if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
      if (row.status && UNFINISHED.includes(row.status)) return toLoop(row, urlFor); // already on its way: the same answer
      const retried = await app.db.transaction().execute(async (tx) => {
        const moved = await loops.transition(tx, row.id, ['ERROR', 'STOP'], 'RESERVED', app.clock.now(), { error_code: null, progress: 0 });
        if (moved) await app.jobs.send(LOOP_QUEUE, { loopId: row.id }, { tx, singletonKey: row.id });
        return moved;
      });
      if (retried) return toLoop(retried, urlFor);
      // A parallel retry won: the loop is on its way, the same answer as a repeat.
      const now = await loops.findInChannel(channel.id, row.id);
      if (now?.status && UNFINISHED.includes(now.status)) return toLoop(now, urlFor);
      throw new AppError('LOOP_STATE_CHANGED');
    },
  );

  app.post(
    '/channels/:channelId/loops/:loopId/stop',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Stop processing (STOP); a repeat answers the same', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => {
      const { channel } = requireChannel(request);
      const row = await loops.findInChannel(channel.id, request.params.loopId);
      if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
      if (row.status === 'STOP') return toLoop(row, urlFor);
      const stopped = await loops.transition(app.db, row.id, UNFINISHED, 'STOP', app.clock.now());
      if (!stopped) {
        // A parallel stop won: the same answer as a repeat.
        const now = await loops.findInChannel(channel.id, row.id);
        if (now?.status === 'STOP') return toLoop(now, urlFor);
        throw new AppError('LOOP_STATE_CHANGED');
      }
      processor.stop(row.id);
      return toLoop(stopped, urlFor);
    },
  );

  app.post(
    '/channels/:channelId/loops/:loopId/publish',
    {
      config: { access: 'channel:member' },
      schema: {
        tags,
        summary: 'Publish a processed loop as a SHORTS content, now or reserved on the 10-minute step; once per loop (a repeat is 409 LOOP_ALREADY_PUBLISHED with the contentId)',
        params: LoopParams,
        body: PublishLoopBody,
        response: { 201: CreatedContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      const { title, description, thumbnailIndex, reservation } = request.body;
      const contentId = await app.db.transaction().execute(async (tx) => {
        const row = await loops.lockInChannel(tx, channel.id, request.params.loopId);
        if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
        if (row.content_id !== null) throw new AppError('LOOP_ALREADY_PUBLISHED', undefined, { contentId: row.content_id });
        if (row.status !== 'COMPLETE' || !row.video_name) throw new AppError('LOOP_NOT_COMPLETE', undefined, { status: row.status });
        const thumbnail = row.thumbnail_names[thumbnailIndex];
        if (!thumbnail) throw new AppError('VALIDATION_FAILED', undefined, { issues: [{ field: 'thumbnailIndex', message: `must be below ${row.thumbnail_names.length}` }] });
        const content = await contents.createShorts(tx, channel, user.id, {
          title,
          description,
          thumbnailUrl: urlFor('thumbnails', thumbnail),
          videoUrl: urlFor('loops', row.video_name),
          durationSeconds: row.duration_seconds,
          reservation,
        });
        await loops.linkContent(tx, row.id, content.id, thumbnailIndex, app.clock.now());
        return content.id;
      });
      return reply.status(201).send({ contentId });
    },
  );

  app.put(
    '/channels/:channelId/loops/:loopId/thumbnail',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Choose one of the thumbnail candidates', params: LoopParams, body: LoopThumbnailBody, response: { 200: Loop, ...errorResponses } } },
    async (request) => {
      const { channel } = requireChannel(request);
      const row = await loops.findInChannel(channel.id, request.params.loopId);
      if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
      const chosen = await loops.chooseThumbnail(channel.id, row.id, request.body.index, app.clock.now());
      if (!chosen) throw new AppError(row.status === 'COMPLETE' ? 'VALIDATION_FAILED' : 'LOOP_STATE_CHANGED');
      return toLoop(chosen, urlFor);
    },
  );

  app.delete(
    '/channels/:channelId/loops/:loopId',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Delete a loop not yet published (DELETE); a repeat answers 404', params: LoopParams, response: noContentResponses } },
    async (request, reply) => {
      const { channel } = requireChannel(request);
      // Under the row's lock, as publishing takes it: a loop published meanwhile is not deleted (its
      // files are the content's now). The status and the removal of its files commit together.
      const deleted = await app.db.transaction().execute(async (tx) => {
        const row = await loops.lockInChannel(tx, channel.id, request.params.loopId);
        if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
        if (row.content_id !== null) throw new AppError('LOOP_STATE_CHANGED');
        const changed = await loops.transition(tx, row.id, [null, 'RESERVED', 'START', 'PROCESSING', 'COMPLETE', 'STOP', 'ERROR'], 'DELETE', app.clock.now());
        if (!changed) return undefined;
        // The files as the row says at the change (a rendition that finished a moment ago included).
        await queueRemoval(app.jobs, tx, filesOf(changed));
        return changed;
      });
      if (!deleted) throw new AppError('NOT_FOUND');
      processor.stop(deleted.id);
      await processor.removeSource(deleted.id);
      return reply.status(204).send(null);
    },
  );
}
