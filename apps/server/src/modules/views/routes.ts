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
  const perViewer = app.createRateLimit({
    max: app.config.views.perViewerPerMinute,
    timeWindow: '1 minute',
    // Thousands a second: counted in this instance's memory, not in the shared table (decision 042).
    perInstance: true,
    keyGenerator: (request: FastifyRequest) => `view-beacons:viewer:${(request.body as BeaconBatch).viewerId}`,
  });

  app.post(
    '/public/beacons',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.views.perAddressPerMinute,
          timeWindow: '1 minute',
          perInstance: true,
          keyGenerator: (request: FastifyRequest) => `view-beacons:address:${request.ip}`,
          errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message }),
        },
      },
      preHandler: async (request) => {
        const limit = await perViewer(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED');
      },
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

  const perLiveViewer = app.createRateLimit({
    max: app.config.views.perViewerPerMinute,
    timeWindow: '1 minute',
    perInstance: true,
    keyGenerator: (request: FastifyRequest) => `live-presence:viewer:${(request.body as LivePresence).viewerId}`,
  });

  app.post(
    '/public/lives/:liveId/presence',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.views.perAddressPerMinute,
          timeWindow: '1 minute',
          perInstance: true,
          keyGenerator: (request: FastifyRequest) => `live-presence:address:${request.ip}`,
          errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: errorCatalogue.RATE_LIMITED.message }),
        },
      },
      preHandler: async (request) => {
        const limit = await perLiveViewer(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED');
      },
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
