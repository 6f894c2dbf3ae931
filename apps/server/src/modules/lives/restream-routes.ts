import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateRestreamTargetBody,
  RestreamKeyParams,
  RestreamTarget,
  RestreamTargetList,
  RestreamTargetParams,
  UpdateRestreamTargetBody,
} from '@studio/contract/restream';
import { errorResponses, noContentResponses } from '@studio/contract/responses';
import { requireChannel } from '../../plugins/require-user';
import type { RestreamService } from './restream-service';

/**
 * Issue 24, point 3: a stream key's restream targets, under
 * /api/channels/{channelId}/lives/streams/{kampChannelId}/restream-targets. Whoever manages the
 * key manages its targets (`channel:manager`, as the key routes); a target's key is taken, never answered.
 */
export async function restreamRoutes(instance: FastifyInstance, options: { service: RestreamService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const tags = ['lives'];
  const access = 'channel:manager' as const;
  const base = '/channels/:channelId/lives/streams/:kampChannelId/restream-targets';

  app.get(
    base,
    { config: { access }, schema: { tags, summary: 'Restream targets of a stream key, with their forwarding while on air (keys masked)', params: RestreamKeyParams, response: { 200: RestreamTargetList, ...errorResponses } } },
    async (request) => service.list(requireChannel(request).channel.id, request.params.kampChannelId),
  );

  app.post(
    base,
    {
      config: { access },
      schema: { tags, summary: 'Add a restream target (an rtmp:// or rtmps:// address and its key; at most 3 per stream key)', params: RestreamKeyParams, body: CreateRestreamTargetBody, response: { 201: RestreamTarget, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireChannel(request).channel, request.params.kampChannelId, request.body)),
  );

  app.put(
    `${base}/:targetId`,
    {
      config: { access },
      schema: { tags, summary: 'Change a restream target (its key only when a new one is given); a live forwarding it reconnects', params: RestreamTargetParams, body: UpdateRestreamTargetBody, response: { 200: RestreamTarget, ...errorResponses } },
    },
    async (request) => service.update(requireChannel(request).channel, request.params.kampChannelId, request.params.targetId, request.body),
  );

  app.delete(
    `${base}/:targetId`,
    { config: { access }, schema: { tags, summary: 'Remove a restream target; a live forwarding it stops sending there', params: RestreamTargetParams, response: noContentResponses } },
    async (request, reply) => {
      await service.remove(requireChannel(request).channel, request.params.kampChannelId, request.params.targetId);
      return reply.status(204).send(null);
    },
  );
}
