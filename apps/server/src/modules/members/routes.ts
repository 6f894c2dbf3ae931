import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActivityPage, ActivityQuery, MemberList } from '@studio/contract/member';
import { ChannelIdParams, ChannelMemberParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import { memberService } from './member-service';

/** A channel's team: any member sees it; the owner removes and reads the log; a manager can leave. */
export async function memberRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = memberService(app.db);
  const tags = ['members'];

  app.get(
    '/channels/:channelId/members',
    { config: { access: 'channel:member' }, schema: { tags, params: ChannelIdParams, response: { 200: MemberList, ...errorResponses } } },
    async (request) => service.members(requireChannel(request).channel.id),
  );

  app.delete(
    '/channels/:channelId/members/:userId',
    {
      config: { access: 'channel:owner' },
      schema: { tags, summary: 'Remove a manager or credit manager (a repeat answers MEMBER_NOT_FOUND)', params: ChannelMemberParams, response: noContentResponses },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      await service.remove(channel, user.id, request.params.userId, app.clock.now());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/channels/:channelId/leave',
    { config: { access: 'channel:member' }, schema: { tags, summary: 'A manager leaves the channel', params: ChannelIdParams, response: noContentResponses } },
    async (request, reply) => {
      const { channel, role, user } = requireChannel(request);
      await service.leave(channel, role, user.id, app.clock.now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/channels/:channelId/activity',
    {
      config: { access: 'channel:owner' },
      schema: { tags, summary: 'The role activity log (owner only)', params: ChannelIdParams, querystring: ActivityQuery, response: { 200: ActivityPage, ...errorResponses } },
    },
    async (request) => service.activity(requireChannel(request).channel.id, request.query.page, request.query.size),
  );
}
