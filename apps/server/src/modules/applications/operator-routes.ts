import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApproveResult, OperatorApplication, OperatorApplicationPage, OperatorApplicationQuery, RejectApplicationBody } from '@studio/contract/application';
import { IdParams } from '@studio/contract/params';
import { errorResponses } from '@studio/contract/responses';
import { requireUser } from '../../plugins/require-user';
import { applicationService } from './application-service';

/** The operator console's application queue: filter, then WAIT → REVIEW → APPROVE or REJECT. */
export async function operatorApplicationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = applicationService(app.db);
  const tags = ['operator'];

  app.get(
    '/operator/applications',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'The application queue, oldest first, filtered by status, channel type, applicant kind and age',
        querystring: OperatorApplicationQuery,
        response: { 200: OperatorApplicationPage, ...errorResponses },
      },
    },
    async (request) => service.queue(request.query, app.clock.now()),
  );

  app.get(
    '/operator/applications/:id',
    { config: { access: 'operator' }, schema: { tags, summary: 'One application with its timeline', params: IdParams, response: { 200: OperatorApplication, ...errorResponses } } },
    async (request) => service.operatorView(request.params.id),
  );

  app.post(
    '/operator/applications/:id/review',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Start reviewing (WAIT → REVIEW); anything else answers APPLICATION_STATE_CHANGED',
        params: IdParams,
        response: { 200: OperatorApplication, ...errorResponses },
      },
    },
    async (request) => service.startReview(requireUser(request).id, request.params.id, app.clock.now()),
  );

  app.post(
    '/operator/applications/:id/approve',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Approve (REVIEW → APPROVE): creates the channel in SERVICE, or adds the type to the applicant’s channel',
        params: IdParams,
        response: { 200: ApproveResult, ...errorResponses },
      },
    },
    async (request) => service.approve(requireUser(request).id, request.params.id, app.clock.now()),
  );

  app.post(
    '/operator/applications/:id/reject',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Reject with a reason (REVIEW → REJECT)', params: IdParams, body: RejectApplicationBody, response: { 200: OperatorApplication, ...errorResponses } },
    },
    async (request) => service.reject(requireUser(request).id, request.params.id, request.body.reason, app.clock.now()),
  );
}
