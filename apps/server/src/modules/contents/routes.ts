import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkContentAnswer,
  BulkContentBody,
  CONTENT_BULK_MAX,
  ChannelContentsQuery,
  ContentDetail,
  ContentImage,
  ContentPage,
  ContentPreview,
  ContentVersionBody,
  CreateContentBody,
  CreateDraftBody,
  CreatedContent,
  CreatePostBody,
  DeleteContentQuery,
  ReserveContentBody,
  UpdateContentBody,
} from '@studio/contract/content';
import { ChannelContentParams, ChannelIdParams } from '@studio/contract/params';
import { ErrorBody } from '@studio/contract/errors';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { MAX_IMAGE_BYTES, uploadedFile, uploadRateLimit } from '../../media/upload';
import { requireChannel } from '../../plugins/require-user';
import { assertWritable } from './content-rules';
import { contentService } from './content-service';

/**
 * The content API of a channel (issue #11). Any role on the channel may write
 * contents (spec section 6: a manager co-publishes); what it may write follows
 * the create menu's rule (channel in service, the option on), checked in the service.
 */
/** Content images are kept at most this many pixels on their longer side. */
const IMAGE_MAX_SIDE = 1920;

export async function contentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = contentService(app.db, app.jobs, app.clock);
  const tags = ['contents'];
  const access = 'channel:member' as const;

  app.get(
    '/channels/:channelId/contents',
    {
      config: { access },
      schema: {
        tags,
        summary: 'List contents: by status, kind, title and date range; newest, oldest or most viewed first; keyset-paged (after/before cursors)',
        params: ChannelIdParams,
        querystring: ChannelContentsQuery,
        response: { 200: ContentPage, ...errorResponses },
      },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      const { status, kind, q, from, to, sort, after, before, page, size } = request.query;
      return service.list(channel, { status, kind, q, from, to }, { sort, after, before, page, size });
    },
  );

  app.post(
    '/channels/:channelId/contents/bulk',
    {
      config: { access },
      schema: {
        tags,
        summary: `Hide, make public or delete several contents at once (at most ${CONTENT_BULK_MAX}): each row through its own change; the answer says, row by row, what changed and what failed and why`,
        params: ChannelIdParams,
        body: BulkContentBody,
        response: { 200: BulkContentAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { channel, user } = requireChannel(request);
      return { results: await service.bulk(channel, user.id, request.body) };
    },
  );

  app.post(
    '/channels/:channelId/contents',
    {
      config: { access },
      schema: { tags, summary: 'Start a draft (article or post)', params: ChannelIdParams, body: CreateContentBody, response: { 201: ContentDetail, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      return reply.status(201).send(await service.create(channel, user.id, request.body));
    },
  );

  app.get(
    '/channels/:channelId/contents/:contentId',
    {
      config: { access },
      schema: { tags, summary: 'Read a content for editing', params: ChannelContentParams, response: { 200: ContentDetail, ...errorResponses } },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      return service.detail(channel, request.params.contentId);
    },
  );

  app.patch(
    '/channels/:channelId/contents/:contentId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Save changes (absent fields stay); a stale version is a 409 CONTENT_VERSION_CONFLICT',
        params: ChannelContentParams,
        body: UpdateContentBody,
        response: { 200: ContentDetail, ...errorResponses },
      },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      return service.update(channel, request.params.contentId, request.body);
    },
  );

  app.delete(
    '/channels/:channelId/contents/:contentId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a content (again: 204)',
        params: ChannelContentParams,
        querystring: DeleteContentQuery,
        response: noContentResponses,
      },
    },
    async (request, reply) => {
      const { channel } = requireChannel(request);
      await service.remove(channel, request.params.contentId, request.query.version);
      return reply.status(204).send(null);
    },
  );

  const action = (
    path: string,
    summary: string,
    run: (channel: ReturnType<typeof requireChannel>['channel'], contentId: number, version: number, userId: number) => Promise<ContentDetail>,
  ) =>
    app.post(
      `/channels/:channelId/contents/:contentId/${path}`,
      {
        config: { access },
        schema: { tags, summary, params: ChannelContentParams, body: ContentVersionBody, response: { 200: ContentDetail, ...errorResponses } },
      },
      async (request) => {
        const { channel, user } = requireChannel(request);
        return run(channel, request.params.contentId, request.body.version, user.id);
      },
    );

  action('publish', 'Publish now', (channel, id, version, userId) => service.publish(channel, id, version, userId));
  action('cancel-reservation', 'Cancel a reservation (back to draft)', (channel, id, version) => service.cancelReservation(channel, id, version));
  action('hide', 'Hide (a draft or a reservation is published hidden)', (channel, id, version) => service.hide(channel, id, version));
  action('unhide', 'Make a hidden content public again', (channel, id, version) => service.unhide(channel, id, version));

  app.post(
    '/channels/:channelId/contents/:contentId/reserve',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Reserve publication (public or hidden) on the 10-minute step, or move a reservation',
        params: ChannelContentParams,
        body: ReserveContentBody,
        response: { 200: ContentDetail, ...errorResponses },
      },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      return service.reserve(channel, request.params.contentId, request.body);
    },
  );

  app.get(
    '/channels/:channelId/contents/:contentId/preview',
    {
      config: { access },
      schema: { tags, summary: 'A content as a reader sees it, the body sanitised', params: ChannelContentParams, response: { 200: ContentPreview, ...errorResponses } },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      return service.preview(channel, request.params.contentId);
    },
  );

  app.post(
    '/channels/:channelId/contents/images',
    {
      config: {
        access,
        // Decoding and re-encoding is the costly part: a person uploads a post's ten images in seconds, not hundreds.
        rateLimit: uploadRateLimit('content-image', app.config.uploadRateLimitPerMinute),
      },
      schema: {
        tags,
        summary: 'Upload an image for a content or a post (multipart, one file named `file`): judged by its content, re-encoded, at most 1920 px',
        consumes: ['multipart/form-data'],
        params: ChannelIdParams,
        response: { 201: ContentImage, ...errorResponses, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      assertWritable(channel);
      const file = await uploadedFile(request, MAX_IMAGE_BYTES);
      const saved = await app.media.saveImage(file, { kind: 'images', maxBytes: MAX_IMAGE_BYTES, resize: { width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside' } });
      try {
        const image = await service.addImage(channel, user.id, saved);
        return await reply.status(201).send(image);
      } catch (error) {
        await app.media.remove('images', saved.name);
        throw error;
      }
    },
  );

  app.post(
    '/channels/:channelId/posts',
    {
      config: { access },
      schema: { tags, summary: 'Publish a post now, or reserve it', params: ChannelIdParams, body: CreatePostBody, response: { 201: CreatedContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      const contentId = await service.createPost(channel, user.id, request.body);
      return reply.status(201).send({ contentId });
    },
  );

  app.post(
    '/channels/:channelId/drafts',
    {
      config: { access },
      schema: { tags, summary: 'Start a contents draft', params: ChannelIdParams, body: CreateDraftBody, response: { 201: CreatedContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      return reply.status(201).send({ contentId: await service.createDraft(channel, user.id, request.body.title) });
    },
  );
}
