import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelContentsQuery, CreateDraftBody, CreatedContent, CreatePostBody, ContentPage } from '@studio/contract/content';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import { assertHasHome } from '../channels/channel-rules';
import { assertCreateOption } from './create-option';
import { contentRepository } from './content-repository';

export async function contentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const contents = contentRepository(app.db);
  const tags = ['contents'];

  app.get(
    '/channels/:channelId/contents',
    {
      config: { access: 'channel:member' },
      schema: { tags, params: ChannelIdParams, querystring: ChannelContentsQuery, response: { 200: ContentPage, ...errorResponses } },
    },
    async (request) => {
      const { channel } = requireChannel(request);
      assertHasHome(channel);
      const { status, kind, page, size } = request.query;
      return contents.list(channel.id, { status, kind }, page, size);
    },
  );

  app.post(
    '/channels/:channelId/posts',
    {
      config: { access: 'channel:member' },
      schema: { tags, summary: 'Publish a post', params: ChannelIdParams, body: CreatePostBody, response: { 201: CreatedContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      assertCreateOption(channel, 'POST');
      const body = request.body.body;
      const contentId = await contents.create({
        channelId: channel.id,
        authorId: user.id,
        kind: 'POST',
        status: 'PUBLIC',
        title: body.split('\n')[0]?.slice(0, 80) ?? '',
        body,
        at: app.clock.now(),
      });
      return reply.status(201).send({ contentId });
    },
  );

  app.post(
    '/channels/:channelId/drafts',
    {
      config: { access: 'channel:member' },
      schema: { tags, summary: 'Start a contents draft', params: ChannelIdParams, body: CreateDraftBody, response: { 201: CreatedContent, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      assertCreateOption(channel, 'CONTENTS');
      const contentId = await contents.create({
        channelId: channel.id,
        authorId: user.id,
        kind: 'CONTENT_VIEW',
        status: 'DRAFT',
        title: request.body.title,
        body: '',
        at: app.clock.now(),
      });
      return reply.status(201).send({ contentId });
    },
  );
}
