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
import { toPage } from '@studio/contract/page';
import { ChannelIdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import type { ChannelRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/require-user';
import { toChannel } from '../channels/channel-repository';
import { operatorChannelRepository } from './operator-channel-repository';
import { operatorChannelService } from './operator-channel-service';

type Ownership = Awaited<ReturnType<ReturnType<typeof operatorChannelRepository>['ownership']>>;

function present(row: ChannelRow, ownership: Ownership): OperatorChannel {
  const owner = ownership.owners.find((candidate) => candidate.channelId === row.id);
  const invite = owner ? undefined : ownership.invites.find((candidate) => candidate.channelId === row.id);
  return {
    ...toChannel(row),
    owner: owner ? { userId: owner.userId, login: owner.login, name: owner.name } : null,
    pendingOwnerInvite: invite ? { inviteId: invite.inviteId, login: invite.login, name: invite.name, expiresAt: invite.expiresAt?.toISOString() ?? null } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Operator console: channels (search, status and service settings, ownerless channels and their owner invites). */
export async function operatorChannelRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const channels = operatorChannelRepository(app.db);
  const service = operatorChannelService(app.db);
  const tags = ['operator'];
  const one = async (row: ChannelRow) => present(row, await channels.ownership([row.id]));

  app.get(
    '/operator/channels',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Search channels by id or name, any status', querystring: OperatorChannelQuery, response: { 200: OperatorChannelPage, ...errorResponses } },
    },
    async (request) => {
      const { q, status, page, size } = request.query;
      const found = await channels.search({ q, status }, page, size);
      const ownership = await channels.ownership(found.rows.map((row) => row.id));
      return toPage(
        found.rows.map((row) => present(row, ownership)),
        found.total,
        page,
        size,
      );
    },
  );

  app.get(
    '/operator/channels/:channelId',
    { config: { access: 'operator' }, schema: { tags, params: ChannelIdParams, response: { 200: OperatorChannel, ...errorResponses } } },
    async (request) => {
      const row = await channels.find(request.params.channelId);
      if (!row) throw new AppError('CHANNEL_NOT_FOUND');
      return one(row);
    },
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
    async (request) => one(await service.update(requireUser(request).id, request.params.channelId, request.body, app.clock.now())),
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
