import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AcceptResult, ChannelTransferList, CreateTransferBody, CreatedTransfer, TransferDetail } from '@studio/contract/member';
import { ChannelIdParams, ChannelTransferParams, TransferIdParams } from '@studio/contract/params';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireChannel, requireUser } from '../../plugins/require-user';
import { transferService } from './transfer-service';

/** The owner's ownership transfer of a channel, and (spec section 7) the recipient's load, accept and decline. */
export async function transferRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = transferService(app.db);

  app.get(
    '/channels/:channelId/transfers',
    { config: { access: 'channel:owner' }, schema: { tags: ['members'], params: ChannelIdParams, response: { 200: ChannelTransferList, ...errorResponses } } },
    async (request) => service.pendingForChannel(requireChannel(request).channel.id),
  );

  app.post(
    '/channels/:channelId/transfers',
    {
      config: { access: 'channel:owner' },
      schema: { tags: ['members'], params: ChannelIdParams, body: CreateTransferBody, response: { 201: CreatedTransfer, ...errorResponses } },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      const result = await service.start(channel, user.id, request.body.login, app.clock.now());
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/channels/:channelId/transfers/:transferId',
    {
      config: { access: 'channel:owner' },
      schema: { tags: ['members'], summary: 'Cancel the pending transfer (cancelling twice is harmless)', params: ChannelTransferParams, response: noContentResponses },
    },
    async (request, reply) => {
      const { channel, user } = requireChannel(request);
      await service.cancel(channel.id, user.id, request.params.transferId, app.clock.now());
      return reply.status(204).send(null);
    },
  );

  const tags = ['invitations'];
  app.get(
    '/my/transfer/:transferId',
    { config: { access: 'self' }, schema: { tags, params: TransferIdParams, response: { 200: TransferDetail, ...errorResponses } } },
    async (request) => service.detail(request.params.transferId, requireUser(request).id, app.clock.now()),
  );
  app.post(
    '/my/transfer/:transferId',
    { config: { access: 'self' }, schema: { tags, summary: 'Accept', params: TransferIdParams, response: { 200: AcceptResult, ...errorResponses } } },
    async (request) => service.accept(request.params.transferId, requireUser(request).id, app.clock.now()),
  );
  app.delete(
    '/my/transfer/:transferId',
    { config: { access: 'self' }, schema: { tags, summary: 'Decline', params: TransferIdParams, response: noContentResponses } },
    async (request, reply) => {
      await service.decline(request.params.transferId, requireUser(request).id, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}
