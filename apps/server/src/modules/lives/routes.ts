import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChannelLiveParams,
  ChannelStreamKeyParams,
  CreatedLive,
  CreatedStreamKey,
  KampChannelIdQuery,
  LiveDetail,
  LiveListQuery,
  LivePage,
  LiveThumbnail,
  PlayerInfo,
  ReplayTrim,
  ReplayTrimBody,
  StreamKey,
  StreamKeyList,
  StreamKeyTitleQuery,
  StreamState,
  UpdateLiveBody,
} from '@studio/contract/live';
import { ErrorBody } from '@studio/contract/errors';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import { uploadRateLimit } from '../../media/upload';
import { AppError } from '../../lib/errors';
import type { StreamLink } from './ingest/ingest-node';
import { writeUnlessBehind, type StreamHub } from './ingest/stream-hub';
import type { LiveService } from './live-service';
import type { ReplayTrimService } from './replay-trim-service';

export type LiveRouteOptions = { service: LiveService; trims: ReplayTrimService; hub: StreamHub; link: Pick<StreamLink, 'preview'>; saveThumbnail: ThumbnailSaver };

/** Stores an uploaded image as the live's thumbnail (quality 75, with its 100x66 crop) and answers its URL. */
export type ThumbnailSaver = (request: FastifyRequest) => Promise<string>;

/**
 * Spec section 7, "Live broadcasts", under /api/channels/{channelId}/lives.
 * Owners and managers only (`channel:manager`): a credit manager handles
 * revenue, never a broadcast or its secret key.
 */
export async function liveRoutes(instance: FastifyInstance, options: LiveRouteOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { service, hub, link } = options;
  const tags = ['lives'];
  const access = 'channel:manager' as const;
  const base = '/channels/:channelId/lives';

  app.get(
    base,
    { config: { access }, schema: { tags, summary: 'Lives of the channel (filtered, paged, newest first by default)', params: ChannelIdParams, querystring: LiveListQuery, response: { 200: LivePage, ...errorResponses } } },
    async (request) => {
      const { channel, user } = requireChannel(request);
      const { title, kampChannelId, status, page, size, sort } = request.query;
      const direction = sort.endsWith('asc') || sort.endsWith('ASC') ? 'asc' : 'desc';
      // Kept until the channel's lives or stream keys change (migration 0017).
      return app.readCache.read(
        `lives:${user.id}:${channel.id}:${JSON.stringify([title, kampChannelId, status, page, size, direction])}`,
        user.id,
        () => service.list(channel.id, { title, kampChannelId, status }, page, size, direction),
        () => [`l:${channel.id}`],
      );
    },
  );

  app.get(
    `${base}/streams`,
    { config: { access }, schema: { tags, summary: 'Stream keys, with the secret key and server address OBS asks for', params: ChannelIdParams, response: { 200: StreamKeyList, ...errorResponses } } },
    async (request) => service.listKeys(requireChannel(request).channel.id),
  );

  app.post(
    `${base}/streams`,
    { config: { access }, schema: { tags, summary: 'Add a stream key', params: ChannelIdParams, querystring: StreamKeyTitleQuery, response: { 201: CreatedStreamKey, ...errorResponses } } },
    async (request, reply) => {
      const kampChannelId = await service.createKey(requireChannel(request).channel, request.query.title);
      return reply.status(201).send({ kampChannelId });
    },
  );

  app.post(
    `${base}/streams/reissue/:kampChannelId`,
    { config: { access }, schema: { tags, summary: 'A new secret for the key; its publisher is disconnected', params: ChannelStreamKeyParams, response: { 200: StreamKey, ...errorResponses } } },
    async (request) => service.reissueKey(requireChannel(request).channel, request.params.kampChannelId),
  );

  app.put(
    `${base}/streams/:kampChannelId`,
    {
      config: { access },
      schema: { tags, summary: 'Rename a stream key (not while on air)', params: ChannelStreamKeyParams, querystring: StreamKeyTitleQuery, response: noContentResponses },
    },
    async (request, reply) => {
      await service.renameKey(requireChannel(request).channel, request.params.kampChannelId, request.query.title);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/streams/state/:liveId`,
    { config: { access }, schema: { tags, summary: 'What the ingest receives for the live, and its health', params: ChannelLiveParams, response: { 200: StreamState, ...errorResponses } } },
    async (request) => service.streamState(requireChannel(request).channel.id, request.params.liveId),
  );

  app.post(
    `${base}/create`,
    { config: { access }, schema: { tags, summary: 'Create a live from a stream key', params: ChannelIdParams, querystring: KampChannelIdQuery, response: { 201: CreatedLive, ...errorResponses } } },
    async (request, reply) => {
      const liveId = await service.createFromKey(requireChannel(request).channel, request.query.kampChannelId);
      return reply.status(201).send({ liveId });
    },
  );

  app.post(
    `${base}/:liveId/clone`,
    { config: { access }, schema: { tags, summary: 'Create a live with the settings of a previous one', params: ChannelLiveParams, response: { 201: CreatedLive, ...errorResponses } } },
    async (request, reply) => {
      const liveId = await service.clone(requireChannel(request).channel, request.params.liveId);
      return reply.status(201).send({ liveId });
    },
  );

  app.get(
    `${base}/:liveId`,
    { config: { access }, schema: { tags, params: ChannelLiveParams, response: { 200: LiveDetail, ...errorResponses } } },
    async (request) => service.get(requireChannel(request).channel.id, request.params.liveId),
  );

  app.put(
    `${base}/:liveId`,
    { config: { access }, schema: { tags, summary: 'Edit title and description', params: ChannelLiveParams, body: UpdateLiveBody, response: { 200: LiveDetail, ...errorResponses } } },
    async (request) => service.update(requireChannel(request).channel, request.params.liveId, request.body),
  );

  app.delete(
    `${base}/:liveId`,
    {
      config: { access },
      schema: { tags, summary: 'Delete a live that is not on air (LIVE_STATE_CHANGED when it went on air meanwhile)', params: ChannelLiveParams, response: noContentResponses },
    },
    async (request, reply) => {
      await service.remove(requireChannel(request).channel, request.params.liveId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/:liveId/player-info`,
    { config: { access }, schema: { tags, summary: 'Preview, public playback and replay addresses', params: ChannelLiveParams, response: { 200: PlayerInfo, ...errorResponses } } },
    async (request) => service.playerInfo(requireChannel(request).channel.id, request.params.liveId),
  );

  app.post(
    `${base}/:liveId/start`,
    { config: { access }, schema: { tags, summary: 'Go on air (only while video is received; at most 5 per channel)', params: ChannelLiveParams, response: { 200: LiveDetail, ...errorResponses } } },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return service.start(channel, request.params.liveId, user.id);
    },
  );

  app.post(
    `${base}/:liveId/close`,
    { config: { access }, schema: { tags, summary: 'End the broadcast; the recording stays as the replay', params: ChannelLiveParams, response: { 200: LiveDetail, ...errorResponses } } },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return service.close(channel, request.params.liveId, user.id);
    },
  );

  app.put(
    `${base}/:liveId/change-stream`,
    { config: { access }, schema: { tags, summary: 'Feed a READY live from another stream key', params: ChannelLiveParams, querystring: KampChannelIdQuery, response: { 200: LiveDetail, ...errorResponses } } },
    async (request) => service.changeStream(requireChannel(request).channel, request.params.liveId, request.query.kampChannelId),
  );

  // Spec section 6: a manager co-publishes and manages content, so the owner and managers trim a replay.
  app.post(
    `${base}/:liveId/replay/trim`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Trim the replay to a range of seconds (cut at keyframes, no re-encode; the original plays until the trim is done)',
        params: ChannelLiveParams,
        body: ReplayTrimBody,
        response: { 202: ReplayTrim, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      return reply.status(202).send(await options.trims.request(channel, request.params.liveId, request.body, user.id));
    },
  );

  app.post(
    `${base}/:liveId/thumbnails`,
    {
      // Each one is decoded, re-encoded and cropped: a person sets a thumbnail a few times, not hundreds.
      config: { access, rateLimit: uploadRateLimit('live-thumbnail', app.config.uploadRateLimitPerMinute) },
      schema: {
        tags,
        summary: 'Upload the thumbnail (multipart, field "file"; stored at quality 75)',
        params: ChannelLiveParams,
        consumes: ['multipart/form-data'],
        response: { 200: LiveThumbnail, ...errorResponses, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      await service.assertExists(channel.id, request.params.liveId);
      const thumbnailUrl = await options.saveThumbnail(request);
      await service.setThumbnail(channel, request.params.liveId, thumbnailUrl);
      return { thumbnailUrl };
    },
  );

  // The private preview: HTTP-FLV of what the ingest receives, same origin, never a key in the URL.
  app.get(
    `${base}/:liveId/preview.flv`,
    {
      config: { access },
      schema: { tags, summary: 'Private low-latency preview (HTTP-FLV, for mpegts.js)', params: ChannelLiveParams, response: { 200: z.any().describe('video/x-flv stream'), ...errorResponses } },
    },
    async (request, reply) => {
      const { channel } = requireChannel(request);
      const streamKeyId = await service.previewKey(channel.id, request.params.liveId);
      const headers = { 'content-type': 'video/x-flv', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      if (!hub.isPublishing(streamKeyId)) {
        // Held by another ingest node: its FLV through this instance, the access checked here (decision 050).
        const closed = new AbortController();
        const remote = await link.preview(streamKeyId, closed.signal);
        if (!remote) throw new AppError('LIVE_NOT_RECEIVING');
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, headers);
        res.on('close', () => closed.abort());
        remote.on('error', () => res.destroy());
        remote.pipe(res);
        return;
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, headers);
      const unsubscribe = hub.subscribe(streamKeyId, {
        write: (chunk) => writeUnlessBehind(res, chunk),
        end: () => res.end(),
      });
      if (!unsubscribe) return void res.end();
      res.on('close', unsubscribe);
    },
  );
}
