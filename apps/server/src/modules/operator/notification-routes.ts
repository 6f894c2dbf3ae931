import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BroadcastIdParams, OperatorBroadcast, OperatorBroadcastInput, OperatorBroadcastQueued, OperatorNotificationInput, OperatorNotificationSent } from '@studio/contract/operator';
import { errorResponses } from '@studio/contract/responses';
import { requireUser } from '../../plugins/require-user';
import { operatorNotificationService } from './operator-notification-service';

/** Operator console: notifications from the studio operator (no channel) to one account or to every studio user. */
export async function operatorNotificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = operatorNotificationService(app.db, app.jobs);
  const tags = ['operator'];

  app.post(
    '/operator/notifications',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Send an operator notification to one account', body: OperatorNotificationInput, response: { 201: OperatorNotificationSent, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await service.sendToAccount(requireUser(request).id, request.body, app.clock.now())),
  );

  app.post(
    '/operator/notifications/broadcast',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Send an operator notification to every studio user: queued at once, written by a durable job',
        body: OperatorBroadcastInput,
        response: { 202: OperatorBroadcastQueued, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send(await service.broadcast(requireUser(request).id, request.body, app.clock.now())),
  );

  app.get(
    '/operator/notifications/broadcasts',
    { config: { access: 'operator' }, schema: { tags, summary: 'The 20 latest broadcasts and their progress', response: { 200: z.array(OperatorBroadcast), ...errorResponses } } },
    async () => service.latestBroadcasts(20),
  );

  app.get(
    '/operator/notifications/broadcasts/:broadcastId',
    { config: { access: 'operator' }, schema: { tags, summary: 'One broadcast and its progress', params: BroadcastIdParams, response: { 200: OperatorBroadcast, ...errorResponses } } },
    async (request) => service.broadcastProgress(request.params.broadcastId),
  );
}
