import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityPage,
  ActivityQuery,
  ChannelInviteList,
  ChannelTransferList,
  CreateInviteBody,
  CreateTransferBody,
  MemberList,
} from '@studio/contract/member';
import { requireUser } from '../../plugins/require-user';
import { ChannelIdParams, channelAccess, ownerAccess } from '../channels/channel-access';
import { memberRepository } from './member-repository';
import { memberService } from './member-service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Members of a channel: the owner invites, cancels, removes and transfers; a manager can leave. */
export async function memberRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const members = memberRepository(app.db);
  const service = memberService(app.db);
  const tags = ['members'];

  app.get('/channels/:channelId/members', { schema: { tags, params: ChannelIdParams, response: { 200: MemberList } } }, async (request) => {
    await channelAccess(app.db, request.params.channelId, requireUser(request).id);
    return members.members(request.params.channelId);
  });

  app.get('/channels/:channelId/invites', { schema: { tags, params: ChannelIdParams, response: { 200: ChannelInviteList } } }, async (request) => {
    await ownerAccess(app.db, request.params.channelId, requireUser(request).id);
    return members.pendingInvites(request.params.channelId, app.clock.now());
  });

  app.post(
    '/channels/:channelId/invites',
    { schema: { tags, params: ChannelIdParams, body: CreateInviteBody, response: { 201: z.object({ inviteId: z.number().int() }) } } },
    async (request, reply) => {
      const result = await service.invite(request.params.channelId, requireUser(request).id, request.body.login, request.body.role, app.clock.now());
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/channels/:channelId/invites/:inviteId',
    { schema: { tags, summary: 'Cancel a pending invite (cancelling twice is harmless)', params: ChannelIdParams.extend({ inviteId: id }) } },
    async (request, reply) => {
      await service.cancelInvite(request.params.channelId, requireUser(request).id, request.params.inviteId, app.clock.now());
      return reply.status(204).send();
    },
  );

  app.delete(
    '/channels/:channelId/members/:userId',
    { schema: { tags, summary: 'Remove a manager or credit manager', params: ChannelIdParams.extend({ userId: id }) } },
    async (request, reply) => {
      await service.remove(request.params.channelId, requireUser(request).id, request.params.userId, app.clock.now());
      return reply.status(204).send();
    },
  );

  app.post('/channels/:channelId/leave', { schema: { tags, summary: 'A manager leaves the channel', params: ChannelIdParams } }, async (request, reply) => {
    await service.leave(request.params.channelId, requireUser(request).id, app.clock.now());
    return reply.status(204).send();
  });

  app.get('/channels/:channelId/transfers', { schema: { tags, params: ChannelIdParams, response: { 200: ChannelTransferList } } }, async (request) => {
    await ownerAccess(app.db, request.params.channelId, requireUser(request).id);
    return members.pendingTransfers(request.params.channelId, app.clock.now());
  });

  app.post(
    '/channels/:channelId/transfers',
    { schema: { tags, params: ChannelIdParams, body: CreateTransferBody, response: { 201: z.object({ transferId: z.number().int() }) } } },
    async (request, reply) => {
      const result = await service.startTransfer(request.params.channelId, requireUser(request).id, request.body.login, app.clock.now());
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/channels/:channelId/transfers/:transferId',
    { schema: { tags, params: ChannelIdParams.extend({ transferId: id }) } },
    async (request, reply) => {
      await service.cancelTransfer(request.params.channelId, requireUser(request).id, request.params.transferId, app.clock.now());
      return reply.status(204).send();
    },
  );

  app.get(
    '/channels/:channelId/activity',
    { schema: { tags, summary: 'The role activity log (owner only)', params: ChannelIdParams, querystring: ActivityQuery, response: { 200: ActivityPage } } },
    async (request) => {
      await ownerAccess(app.db, request.params.channelId, requireUser(request).id);
      return members.activity(request.params.channelId, request.query.page, request.query.size, app.clock.now());
    },
  );
}
