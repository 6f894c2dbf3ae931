import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
import { requireChannel } from '../../plugins/require-user';
import { assertCreateOption } from '../contents/content-rules';
import { uploadFileName } from './loop-file-name';
import type { UploadStep } from './loop-service';
import { UPLOAD_LOCK_RELEASE_CHANNEL, uploadLocker } from './upload-locker';
import type { LoopRuntime } from './runtime';
import { uploadRateLimit } from '../../media/upload';
import { withPiece } from '../../media/stores/upload-store';

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
 * Loops: a resumable upload (tus 1.0.0, `@tus/server`; files under `$DATA_DIR/uploads/loops`, or in the bucket with STORAGE=s3),
 * judged by ffprobe when the last byte arrives, then a durable transcode job. Upload URLs carry the
 * channel and a server-made id; only the uploader continues an upload.
 */
export async function loopRoutes(instance: FastifyInstance, options: { runtime: LoopRuntime }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { maxBytes, maxSeconds, maxUnfinished, maxUnfinishedBytes, idleHours, startsPerMinute, chunksPerMinute } = app.config.loops;
  const { service: loops, uploads, sources } = options.runtime;
  const tags = ['loops'];

  const errorBody = (code: ErrorCode, requestPath: string) => JSON.stringify({ code, message: errorCatalogue[code].message, path: requestPath, extra: null });

  // One holder of an upload across every instance (a lease in PostgreSQL), asked to let go through an announcement.
  const locker = uploadLocker({
    db: app.db,
    announce: (uploadId) => app.announcements.notify(UPLOAD_LOCK_RELEASE_CHANNEL, uploadId),
    listening: () => app.announcements.listening,
    busy: (uploadId) => new TusRefusal(errorCatalogue.LOOP_UPLOAD_BUSY.status, errorBody('LOOP_UPLOAD_BUSY', `/api/loops-upload/${uploadId}`)),
    warn: (message, details) => app.log.warn(details, message),
  });
  app.announcements.subscribe({ name: 'upload locks', topics: { [UPLOAD_LOCK_RELEASE_CHANNEL]: (uploadId) => locker.releaseRequested(uploadId) } });

  const tus = new TusServer({
    path: '/api/loops-upload',
    datastore: sources.datastore,
    locker,
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
      let refusal: ErrorCode | null;
      try {
        refusal = await loops.finishUpload(upload.id, upload.size ?? 0);
      } catch (error) {
        // A fault of ours (the probe could not run, the store could not be read), no verdict on the file:
        // it is kept, and the client's next try (a HEAD finding it whole) or the worker's sweep ends it.
        app.log.warn({ err: error, loopId: upload.id }, 'the end of an upload failed; it is kept for the next try');
        throw new TusRefusal(errorCatalogue.SERVICE_UNAVAILABLE.status, errorBody('SERVICE_UNAVAILABLE', new URL(req.url).pathname));
      }
      if (refusal) throw new TusRefusal(errorCatalogue[refusal].status, errorBody(refusal, new URL(req.url).pathname));
      return {};
    },
  });

  // tus bodies are raw bytes streamed to disk: nothing of them is parsed or buffered here.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // A PATCH's Content-Length tells the store its parts' sizes up front, so each streams into the bucket as it arrives.
    const length = request.method === 'PATCH' ? request.headers['content-length'] : undefined;
    await withPiece(length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : undefined, () => tus.handle(request.raw, reply.raw));
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
      await uploads.open({ id, channelId: channel.id, userId: user.id, totalBytes, fileName: uploadFileName(request.headers['upload-metadata']) });
      madeIds.set(request.raw, id);
      reply.raw.once('finish', () => {
        if (reply.raw.statusCode >= 300) void loops.discardUpload(id).catch(() => undefined);
      });
      await handOver(request, reply);
    },
  );

  // HEAD (where to resume), PATCH (the next bytes), DELETE (cancel): the uploader's own upload only.
  const steps = { HEAD: 'resume', PATCH: 'append', DELETE: 'cancel' } as const satisfies Record<string, UploadStep>;
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/channels/:channelId/loops/uploads/:loopId',
      // PATCH: the browser sends 10 MiB pieces (LOOP_UPLOAD_CHUNK_BYTES), so a whole upload of the largest
      // size is ~50 requests; the allowance (checked against that at start-up) only stops floods of tiny ones.
      config: { access: 'channel:member', ...(method === 'PATCH' ? { rateLimit: uploadRateLimit('loop-upload-chunk', chunksPerMinute) } : {}) },
      schema: { tags, summary: `tus ${method} of an upload`, params: UploadParams, ...(method === 'HEAD' ? {} : { response: { ...errorResponses, ...(method === 'PATCH' ? { 429: ErrorBody } : {}) } }) },
      handler: async (request: FastifyRequest<{ Params: z.infer<typeof UploadParams> }>, reply) => {
        const { channel, user } = requireChannel(request);
        const row = await loops.ownUpload(channel, user.id, request.params.loopId, steps[method]);
        await handOver(request, reply);
        if (method === 'DELETE') await loops.discardUpload(row.id);
        if (method === 'PATCH') await loops.recordUploaded(row, Number(reply.raw.getHeader('upload-offset')));
        // A resume that finds every byte there while the loop is still "uploading": the instance that took
        // the last piece died before ending it, and the client sends nothing more. It is ended here (the
        // answer has gone; a refusal shows on the loop as its error).
        if (method === 'HEAD' && row.status === null && reply.raw.statusCode === 200 && Number(reply.raw.getHeader('upload-offset')) === row.total_bytes) {
          await loops.finishUpload(row.id, row.total_bytes).catch((error: unknown) => request.log.warn({ err: error, loopId: row.id }, 'a whole upload found on resume was not ended'));
        }
      },
    });
  }

  app.get(
    '/channels/:channelId/loops',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'My loops of this channel not yet published, newest first', params: ChannelIdParams, response: { 200: LoopList, ...errorResponses } } },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return { content: await loops.listUnpublished(channel.id, user.id) };
    },
  );

  app.get(
    '/channels/:channelId/loops/:loopId',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'A loop with its processing status and progress', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => loops.find(requireChannel(request).channel.id, request.params.loopId),
  );

  app.post(
    '/channels/:channelId/loops/:loopId/retry',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Process a failed, stopped or stuck loop again (its file is kept until it completes); a stuck one (stuck: true, its job gone) is queued once however many ask at once', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => loops.retry(requireChannel(request).channel, request.params.loopId),
  );

  app.post(
    '/channels/:channelId/loops/:loopId/stop',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Stop processing (STOP); a repeat answers the same', params: LoopParams, response: { 200: Loop, ...errorResponses } } },
    async (request) => loops.stop(requireChannel(request).channel.id, request.params.loopId),
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
      const contentId = await loops.publish(channel, user.id, request.params.loopId, request.body);
      return reply.status(201).send({ contentId });
    },
  );

  app.put(
    '/channels/:channelId/loops/:loopId/thumbnail',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Choose one of the thumbnail candidates', params: LoopParams, body: LoopThumbnailBody, response: { 200: Loop, ...errorResponses } } },
    async (request) => {
      const { channel } = requireChannel(request);
      return loops.chooseThumbnail(channel.id, request.params.loopId, request.body.index);
    },
  );

  app.delete(
    '/channels/:channelId/loops/:loopId',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'Delete a loop not yet published (DELETE); a repeat answers 404', params: LoopParams, response: noContentResponses } },
    async (request, reply) => {
      const { channel } = requireChannel(request);
      await loops.delete(channel.id, request.params.loopId);
      return reply.status(204).send(null);
    },
  );
}
