import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCatalogue, ErrorBody } from '@studio/contract/errors';
import { errorResponses } from '@studio/contract/responses';
import { LiveIdParams } from '@studio/contract/params';
import { BeaconBatch, BeaconsAccepted, LivePresence } from '@studio/contract/views';
import { AppError } from '../../lib/errors';
import { livePresenceService } from './live-presence-service';
import { viewService } from './view-service';

/**
 * The beacon endpoint of public pages (issue 23). No session: anyone watching may send. It is
 * bounded instead per client address (generously: many viewers share one address), before the body
 * is read, and per viewer id once the body is valid. CSRF's Origin check applies as to every POST:
 * the public pages are this studio's own origin, and a beacon sent from another site's page is refused.
 */
export async function viewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const views = viewService(app.db, app.clock);
  const presence = livePresenceService(app.db, app.clock);
  /**
   * A public route's limits (issue 23): per address generously, in this instance's memory (decision 042),
   * and per viewer id, read from the body once it is parsed. `name` keys both.
   */
  const publicLimits = <Body extends { viewerId: string }>(name: string) => {
    const perViewer = app.createRateLimit({
      max: app.config.views.perViewerPerMinute,
      timeWindow: '1 minute',
      perInstance: true,
      keyGenerator: (request: FastifyRequest) => `${name}:viewer:${(request.body as Body).viewerId}`,
    });
    return {
      rateLimit: {
        max: app.config.views.perAddressPerMinute,
        timeWindow: '1 minute',
        perInstance: true,
        keyGenerator: (request: FastifyRequest) => `${name}:address:${request.ip}`,
        errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message }),
      },
      preHandler: async (request: FastifyRequest) => {
        const limit = await perViewer(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED');
      },
    };
  };
  const beaconLimits = publicLimits<BeaconBatch>('view-beacons');
  const presenceLimits = publicLimits<LivePresence>('live-presence');

  app.post(
    '/public/beacons',
    {
      config: {
        access: 'public',
        rateLimit: beaconLimits.rateLimit,
      },
      preHandler: beaconLimits.preHandler,
      schema: {
        tags: ['views'],
        summary:
          'Record view starts and heartbeats of one viewer (a random first-party id). A start counts once per viewer and content in 30 minutes; heartbeats add the seconds watched, capped. 404 VIEW_CONTENT_NOT_FOUND when a content is not public; 429 RATE_LIMITED past the limits per viewer and per address',
        body: BeaconBatch,
        response: { 202: BeaconsAccepted, ...errorResponses, 429: ErrorBody },
      },
    },
    async (request, reply) => reply.status(202).send({ accepted: await views.accept(request.body) }),
  );

  app.post(
    '/public/lives/:liveId/presence',
    {
      config: {
        access: 'public',
        rateLimit: presenceLimits.rateLimit,
      },
      preHandler: presenceLimits.preHandler,
      schema: {
        tags: ['views'],
        summary:
          "One viewer (a random first-party id) of a live on air is still watching: the live's concurrent viewers are those heard from in the last 30 s. 404 LIVE_NOT_FOUND when the live is not on air on a channel in service; 429 RATE_LIMITED past the limits per viewer and per address",
        params: LiveIdParams,
        body: LivePresence,
        response: { 202: BeaconsAccepted, ...errorResponses, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await presence.ping(request.params.liveId, request.body.viewerId);
      return reply.status(202).send({ accepted: 1 });
    },
  );
}
