import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AcceptResult, InviteDetail, TransferDetail } from '@studio/contract/member';
import { requireUser } from '../../plugins/require-user';
import { invitationService } from './invitation-service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Spec section 7, "Invites and transfers": the invitee loads, accepts or declines. */
export async function myInvitationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = invitationService(app.db);
  const tags = ['invitations'];

  app.get('/my/invites/:id', { schema: { tags, params: z.object({ id }), response: { 200: InviteDetail } } }, async (request) =>
    service.inviteDetail(request.params.id, requireUser(request).id, app.clock.now()),
  );
  app.post('/my/invites/:id', { schema: { tags, summary: 'Accept', params: z.object({ id }), response: { 200: AcceptResult } } }, async (request) =>
    service.acceptInvite(request.params.id, requireUser(request).id, app.clock.now()),
  );
  app.delete('/my/invites/:id', { schema: { tags, summary: 'Decline', params: z.object({ id }) } }, async (request, reply) => {
    await service.declineInvite(request.params.id, requireUser(request).id, app.clock.now());
    return reply.status(204).send();
  });

  app.get('/my/transfer/:transferId', { schema: { tags, params: z.object({ transferId: id }), response: { 200: TransferDetail } } }, async (request) =>
    service.transferDetail(request.params.transferId, requireUser(request).id, app.clock.now()),
  );
  app.post(
    '/my/transfer/:transferId',
    { schema: { tags, summary: 'Accept', params: z.object({ transferId: id }), response: { 200: AcceptResult } } },
    async (request) => service.acceptTransfer(request.params.transferId, requireUser(request).id, app.clock.now()),
  );
  app.delete('/my/transfer/:transferId', { schema: { tags, summary: 'Decline', params: z.object({ transferId: id }) } }, async (request, reply) => {
    await service.declineTransfer(request.params.transferId, requireUser(request).id, app.clock.now());
    return reply.status(204).send();
  });
}
