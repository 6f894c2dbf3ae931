import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OperatorChannel,
  OperatorChannelCreate,
  OperatorChannelCreated,
  OperatorChannelPage,
  OperatorChannelQuery,
  OperatorChannelUpdate,
  OwnerInviteBody,
  OwnerInviteCreated,
} from '@studio/contract/operator';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { requireUser } from '../../plugins/require-user';
import { operatorChannelService } from './operator-channel-service';

/** Operator console: channels (search, status and service settings, ownerless channels and their owner invites). */
export async function operatorChannelRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = operatorChannelService(app.db);
  const tags = ['operator'];

  app.get(
    '/operator/channels',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Search channels by id or name, any status', querystring: OperatorChannelQuery, response: { 200: OperatorChannelPage, ...errorResponses } },
    },
    async (request) => {
      const { q, status, page, size } = request.query;
      return service.search({ q, status }, page, size);
    },
  );

  app.get(
    '/operator/channels/:channelId',
    { config: { access: 'operator' }, schema: { tags, params: ChannelIdParams, response: { 200: OperatorChannel, ...errorResponses } } },
    async (request) => service.get(request.params.channelId),
  );

  app.patch(
    '/operator/channels/:channelId',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Set status, service statuses, features and labels; takes effect at once',
        params: ChannelIdParams,
        body: OperatorChannelUpdate,
        response: { 200: OperatorChannel, ...errorResponses },
      },
    },
    async (request) => service.update(requireUser(request).id, request.params.channelId, request.body, app.clock.now()),
  );

  app.post(
    '/operator/channels',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Create an ownerless channel, optionally inviting its owner', body: OperatorChannelCreate, response: { 201: OperatorChannelCreated, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireUser(request).id, request.body, app.clock.now())),
  );

  app.post(
    '/operator/channels/:channelId/owner-invite',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Invite the owner of an ownerless channel by account', params: ChannelIdParams, body: OwnerInviteBody, response: { 201: OwnerInviteCreated, ...errorResponses } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.inviteOwner(requireUser(request).id, request.params.channelId, request.body.login, app.clock.now())),
  );
}
