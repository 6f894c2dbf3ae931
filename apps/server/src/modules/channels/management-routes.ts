import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplyResultPage,
  ApplyResultQuery,
  InviteListQuery,
  ManagementChannelPage,
  ManagementQuery,
  PendingInvitePage,
  TabCount,
  splitManagementFilters,
} from '@studio/contract/management';
import { errorResponses } from '@studio/contract/responses';
import { requireUser } from '../../plugins/require-user';
import { managementService } from './management-service';

/** Spec section 7, "Channels and management". */
export async function managementRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const management = managementService(app.db);
  const tags = ['management'];

  app.get(
    '/channels/management',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'My channels, filtered by channel type, channel status and my role (comma-joined `filters`)',
        querystring: ManagementQuery,
        response: { 200: ManagementChannelPage, ...errorResponses },
      },
    },
    async (request) => {
      const { filters, page, size } = request.query;
      const { id } = requireUser(request);
      const split = splitManagementFilters(filters ?? []);
      return app.readCache.read(
        `management:${id}:${JSON.stringify(split)}:${page}:${size}`,
        id,
        () => management.channels(id, split, page, size),
        (found) => [`m:${id}`, ...found.content.map((channel) => `c:${channel.id}`)],
      );
    },
  );

  app.get(
    '/channels/management/apply-result',
    { config: { access: 'session' }, schema: { tags, querystring: ApplyResultQuery, response: { 200: ApplyResultPage, ...errorResponses } } },
    async (request) => {
      const { page, size, channelType } = request.query;
      return management.applyResults(requireUser(request).id, channelType, page, size);
    },
  );

  app.get('/channels/management/invite', { config: { access: 'session' }, schema: { tags, querystring: InviteListQuery, response: { 200: PendingInvitePage, ...errorResponses } } }, async (request) =>
    management.invites(requireUser(request).id, request.query.page, request.query.size),
  );

  app.get('/channels/management/tab-count', { config: { access: 'session' }, schema: { tags, response: { 200: TabCount, ...errorResponses } } }, async (request) =>
    management.tabCount(requireUser(request).id),
  );
}
