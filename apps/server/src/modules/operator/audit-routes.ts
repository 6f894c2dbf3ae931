import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery } from '@studio/contract/operator';
import { errorResponses } from '@studio/contract/responses';
import { operatorAuditService } from './operator-audit-service';

/** Operator console: the audit log of operator actions, newest first, filterable. */
export async function operatorAuditRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = operatorAuditService(app.db);

  app.get(
    '/operator/audit',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], summary: 'Operator actions: who, what, which object, before and after, when', querystring: AuditQuery, response: { 200: AuditPage, ...errorResponses } },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return service.page(filter, page, size);
    },
  );
}
