import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MemberRole } from '@studio/contract/enums';
import { IdParam } from '@studio/contract/params';
import type { ChannelRow } from '../db/schema';
import { AppError, unauthorized } from '../lib/errors';
import { channelService } from '../modules/channels/channel-service';

/**
 * Who may call a route, declared in its options (`config: { access }`):
 * - `public`: anyone, signed in or not; the route serves or takes what is public only and bounds
 *   its callers itself (the view beacons: rate limits per address and per viewer).
 * - `session`: anyone signed in; the route serves the caller's own data only (their lists, their counters).
 * - `self`: anyone signed in, on an object addressed by id that the service checks belongs to them
 *   (an invite sent to them, their notification).
 * - `operator`: studio operators.
 * - `channel:member`: any role on the channel named by the `channelId` path parameter.
 * - `channel:manager`: the owner and managers of that channel, not its credit managers (lives and
 *   stream keys: a credit manager handles revenue, never a broadcast or its secret key).
 * - `channel:owner`: the owner of that channel.
 */
export const ACCESS_LEVELS = ['public', 'session', 'self', 'operator', 'channel:member', 'channel:manager', 'channel:owner'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The channel of a `channel:*` route, loaded once by the access hook. */
    channel: ChannelRow | null;
    /** The caller's role on `request.channel`. */
    channelRole: MemberRole | null;
  }
}

const isAccess = (value: unknown): value is Access => (ACCESS_LEVELS as readonly unknown[]).includes(value);

/**
 * The one place that decides who may call an /api route, before validation and
 * the handler: 401 without a session; for channel routes 404 when the channel
 * does not exist (or is deleted), 403 without a role, 403 for a non-owner on an
 * owner route. A route that declares nothing stops start-up.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const channels = channelService(app.db);
  app.decorateRequest('channel', null);
  app.decorateRequest('channelRole', null);

  app.addHook('onRoute', (route) => {
    const access: unknown = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(`${String(route.method)} ${route.url} declares no access: add config: { access: ${ACCESS_LEVELS.map((a) => `'${a}'`).join(' | ')} }`);
    }
    if (access.startsWith('channel:') && !route.url.includes(':channelId')) {
      throw new Error(`${String(route.method)} ${route.url} declares ${access} but has no :channelId parameter`);
    }
    // Published in the OpenAPI document so the authorization matrix test can read it.
    route.schema = { ...route.schema, 'x-access': access } as typeof route.schema;
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access;
    // Before the session check: a public route answers anyone.
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw unauthorized();
    switch (access) {
      case 'session':
      case 'self':
        return;
      case 'operator':
        if (!user.isOperator) throw new AppError('ACCESS_DENIED');
        return;
      case 'channel:member':
      case 'channel:manager':
      case 'channel:owner': {
        // Parsed here, ahead of schema validation, so a stranger learns nothing from body errors.
        const parsed = IdParam.safeParse((request.params as Record<string, unknown>).channelId);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', undefined, { issues: [{ field: 'params.channelId', message: 'a positive decimal id' }] });
        }
        const channelId = parsed.data;
        // Reads check from memory (dropped when the channel or the person's memberships change); a
        // request that may write always checks the database.
        const found =
          request.method === 'GET' || request.method === 'HEAD'
            ? await app.readCache.read(
                `access:${user.id}:${channelId}`,
                user.id,
                () => channels.findWithRole(channelId, user.id),
                () => [`m:${user.id}`, `c:${channelId}`],
              )
            : await channels.findWithRole(channelId, user.id);
        if (!found) throw new AppError('CHANNEL_NOT_FOUND');
        if (!found.role) throw new AppError('CHANNEL_ACCESS_DENIED');
        if (access === 'channel:owner' && found.role !== 'OWNER') throw new AppError('CHANNEL_OWNER_ONLY');
        if (access === 'channel:manager' && found.role === 'CREDIT_MANAGER') throw new AppError('CHANNEL_ACCESS_DENIED');
        request.channel = found.channel;
        request.channelRole = found.role;
        return;
      }
      case undefined:
        // Unreachable: onRoute refuses such routes. Refuse rather than trust.
        throw new AppError('ACCESS_DENIED');
    }
  });
});
