import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery, type AuditEntry } from '@studio/contract/operator';
import { toPage } from '@studio/contract/page';
import { errorResponses } from '@studio/contract/responses';
import { auditRepository } from './audit-repository';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Operator console: the audit log of operator actions, newest first, filterable. */
export async function operatorAuditRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const audit = auditRepository(app.db);

  app.get(
    '/operator/audit',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], summary: 'Operator actions: who, what, which object, before and after, when', querystring: AuditQuery, response: { 200: AuditPage, ...errorResponses } },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const found = await audit.page(filter, page, size);
      const content = found.rows.map(
        (row): AuditEntry => ({
          id: row.id,
          operator: row.operator_id !== null && row.login !== null && row.name !== null ? { userId: row.operator_id, login: row.login, name: row.name } : null,
          action: row.action,
          objectType: row.object_type,
          objectId: row.object_id,
          before: asRecord(row.before),
          after: asRecord(row.after),
          at: row.at.toISOString(),
        }),
      );
      return toPage(content, found.total, page, size);
    },
  );
}
