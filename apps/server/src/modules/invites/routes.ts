import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AcceptResult, ChannelInviteList, CreateInviteBody, CreatedInvite, InviteDetail } from '@studio/contract/member';
import { ChannelIdParams, ChannelInviteParams, IdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireChannel, requireUser } from '../../plugins/require-user';
import { inviteService } from './invite-service';

/** The owner's invites of a channel, and (spec section 7) the invitee's load, accept and decline. */
export async function inviteRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = inviteService(app.db);

  app.get(
    '/channels/:channelId/invites',
    { config: { access: 'channel:owner' }, schema: { tags: ['members'], params: ChannelIdParams, response: { 200: ChannelInviteList, ...errorResponses } } },
    async (request) => service.pendingForChannel(requireChannel(request).channel.id),
  );

  app.post(
    '/channels/:channelId/invites',
    {
      config: { access: 'channel:owner' },
      schema: { tags: ['members'], params: ChannelIdParams, body: CreateInviteBody, response: { 201: CreatedInvite, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      const result = await service.invite(channel, user.id, request.body.login, request.body.role, app.clock.now());
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/channels/:channelId/invites/:inviteId',
    {
      config: { access: 'channel:owner' },
      schema: { tags: ['members'], summary: 'Cancel a pending invite (cancelling twice is harmless)', params: ChannelInviteParams, response: noContentResponses },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      await service.cancel(channel.id, user.id, request.params.inviteId, app.clock.now());
      return reply.status(204).send(null);
    },
  );

  const tags = ['invitations'];
  app.get(
    '/my/invites/:id',
    { config: { access: 'self' }, schema: { tags, params: IdParams, response: { 200: InviteDetail, ...errorResponses } } },
    async (request) => service.detail(request.params.id, requireUser(request).id, app.clock.now()),
  );
  app.post(
    '/my/invites/:id',
    { config: { access: 'self' }, schema: { tags, summary: 'Accept', params: IdParams, response: { 200: AcceptResult, ...errorResponses } } },
    async (request) => service.accept(request.params.id, requireUser(request).id, app.clock.now()),
  );
  app.delete(
    '/my/invites/:id',
    { config: { access: 'self' }, schema: { tags, summary: 'Decline', params: IdParams, response: noContentResponses } },
    async (request, reply) => {
      await service.decline(request.params.id, requireUser(request).id, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}
