import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { oidcPayloadPurgeJob } from './accounts/oidc-payload-purge';
import { createAccountProvider } from './accounts/provider';
import { accountServiceRoutes } from './accounts/routes';
import { loadAccountSecrets } from './accounts/secrets';
import { createOidcClient } from './auth/oidc-client';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { pingDatabase } from './db/database';
import type { Db } from './db/schema';
import { jobsPlugin } from './jobs/jobs';
import type { Clock } from './lib/clock';
import { AppError } from './lib/errors';
import { createFastSerializerCompiler } from './lib/fast-serializer';
import { serializeRequest } from './lib/log-redaction';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from './lib/request-context';
import { applicationRoutes } from './modules/applications/routes';
import { operatorApplicationRoutes } from './modules/applications/operator-routes';
import { mediaJobs } from './media/media-jobs';
import { mediaFileRoutes, mediaPlugin } from './media/media-routes';
import { loopMediaService } from './modules/loops/loop-media-service';
import { channelDetailRoutes } from './modules/channels/channel-detail-routes';
import { channelProfileRoutes } from './modules/channels/channel-profile-routes';
import { managementRoutes } from './modules/channels/management-routes';
import { channelRoutes } from './modules/channels/routes';
import { contentJobs } from './modules/contents/content-jobs';
import { contentRoutes } from './modules/contents/routes';
import { expiryTimer } from './modules/invites/expiry-sweep';
import { inviteRoutes } from './modules/invites/routes';
import { idleUploadSweep } from './modules/loops/loop-uploads';
import { loopRoutes } from './modules/loops/routes';
import { createLoopRuntime } from './modules/loops/runtime';
import { ingestCallbackRoutes, livePublicRoutes } from './modules/lives/public-routes';
import { whipGateway, whipRoutes } from './modules/lives/whip-routes';
import { liveRoutes } from './modules/lives/routes';
import { restreamRoutes } from './modules/lives/restream-routes';
import { createLiveRuntime } from './modules/lives/runtime';
import { memberRoutes } from './modules/members/routes';
import { meRoutes } from './modules/me/routes';
import { noticeRoutes } from './modules/notices/routes';
import { notificationHubPlugin, type HubOptions } from './modules/notifications/notification-hub';
import { notificationRoutes } from './modules/notifications/routes';
import { unreadCountsPlugin } from './modules/notifications/unread-counts';
import { operatorAuditRoutes } from './modules/operator/audit-routes';
import { broadcastJob } from './modules/operator/broadcast-job';
import { operatorChannelRoutes } from './modules/operator/channel-routes';
import { operatorNoticeRoutes } from './modules/operator/notice-routes';
import { operatorNotificationRoutes } from './modules/operator/notification-routes';
import { publicSiteRoutes } from './modules/public-site/routes';
import { transferRoutes } from './modules/transfers/routes';
import { viewRoutes } from './modules/views/routes';
import { insightRoutes } from './modules/insights/routes';
import { trendRoutes } from './modules/trend/routes';
import { viewRollupJob } from './modules/views/view-rollup';
import { csrfPlugin } from './plugins/csrf';
import { answerFrameworkError, clientErrorAnswer, errorHandlerPlugin } from './plugins/error-handler';
import { accessPlugin } from './plugins/access';
import { announcementsPlugin } from './plugins/announcements';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { metricsPlugin } from './plugins/metrics';
import { securityHeadersPlugin } from './plugins/security-headers';
import { readCachePlugin, type ReadCacheOptions } from './plugins/read-cache';
import { sessionPlugin } from './plugins/session';
import { signInPurgeTimer } from './plugins/sign-in-purge';
import { swaggerPlugin } from './plugins/swagger';
import { spaRoutes } from './web/spa';
import { MAX_UPLOAD_BYTES } from './media/upload';
import './types';

export type AppOptions = {
  config: Config;
  db: Db;
  clock: Clock;
  logger?: boolean;
  logStream?: { write(line: string): void };
  /** false: no `worker` role, whatever ROLES says (tests drain queues by hand). */
  backgroundJobs?: boolean;
  webDist?: string;
  notificationStream?: HubOptions;
  readCache?: ReadCacheOptions;
};

/**
 * How long /readyz waits for the media store (S3: one HeadBucket, retries included). A balancer's probe
 * gives up after a few seconds; an endpoint that swallows packets must fail the check before that, not
 * hang it. A healthy store answers in milliseconds.
 */
const READY_STORE_TIMEOUT_MS = 2_000;

/**
 * Infrastructure plugins first, then the account service, sign-in, the API and the web app. Each
 * role adds its part (config ROLES): `web` the HTTP routes, `worker` the job handlers and periodic
 * tasks, `ingest` the RTMP listener; every instance can send jobs and answers /healthz and /readyz.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const roles = config.roles.filter((role) => role !== 'worker' || options.backgroundJobs !== false);
  const web = roles.includes('web');
  const worker = roles.includes('worker');
  const ingest = roles.includes('ingest');
  const secure = config.publicUrl.startsWith('https:');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Addresses without OAuth codes, states, ID tokens or stream keys; no headers, so no cookies.
            serializers: { req: serializeRequest },
            // Log lines of a job (and of anything outside a request's own logger) carry the request id
            // of the request that caused them; a request's logger has it bound already.
            mixin: (_object, _level, logger) => {
              const requestId = currentRequestId();
              return requestId && !('requestId' in logger.bindings()) ? { requestId } : {};
            },
            redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization'], censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: secure,
    // The edge's X-Request-Id when it is a plain token, otherwise a new one (lib/request-context.ts).
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    // Broken percent-encoding (and anything else the router refuses) answers the studio's error body, as 400.
    frameworkErrors: answerFrameworkError,
    // …and so does what Node's HTTP parser refuses before any of it (plugins/error-handler.ts).
    clientErrorHandler: clientErrorAnswer({ secure }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies written from JSON Schema made from the contract (lib/fast-serializer.ts); checked against zod outside production.
  app.setSerializerCompiler(createFastSerializerCompiler({ verify: config.env !== 'production' }));
  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('clock', options.clock);

  // Everything a request causes runs under its id, and the answer names it (X-Request-Id).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  // Before every route, so each request is counted (on a listener of its own, not on PORT).
  await app.register(metricsPlugin);
  await app.register(cookie);
  await app.register(formbody);
  // Uploads are streamed; each route reads one file and sets its own smaller limit (media/upload.ts).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 21 } });
  await app.register(securityHeadersPlugin);
  // Counted in PostgreSQL, shared by every instance (the beacons choose this instance's memory).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(options.db, (error) => app.log.warn({ err: error }, 'pruning rate-limit windows failed')) });
  if (web) await app.register(swaggerPlugin);
  // The one LISTEN connection, before everything that hears announcements through it (and so closed after them).
  await app.register(announcementsPlugin);
  await app.register(sessionPlugin);
  await app.register(readCachePlugin, options.readCache ?? {});
  await app.register(csrfPlugin);
  await app.register(unreadCountsPlugin);
  await app.register(notificationHubPlugin, options.notificationStream ?? {});
  await app.register(mediaPlugin);
  // Loop renditions are private until their content is public (issue 22; decision 048).
  if (web) await app.register(mediaFileRoutes, { checked: { loops: loopMediaService(options.db).renditionAccess } });
  await app.register(jobsPlugin, { workers: worker });
  await app.register(broadcastJob);

  if (web) {
    let clientSecret = config.oidc.clientSecret;
    if (config.oidc.bundled) {
      const secrets = await loadAccountSecrets(options.db);
      clientSecret = secrets.studioClientSecret;
      const provider = createAccountProvider({
        db: options.db,
        issuer: config.oidc.issuer,
        publicUrl: config.publicUrl,
        clientId: config.oidc.clientId,
        secrets,
      });
      await app.register(accountServiceRoutes, { provider, clientId: config.oidc.clientId });
    }
    if (!clientSecret) throw new Error('OIDC_CLIENT_SECRET is required with an external issuer');
    await app.register(authRoutes, { oidc: createOidcClient(config, clientSecret) });
  }
  // The bundled provider's rows are purged by a job, wherever the provider itself is served.
  if (config.oidc.bundled) await app.register(oidcPayloadPurgeJob, { workers: worker });
  const live = await createLiveRuntime(app, { ingest, worker });
  app.metrics.watchStreams(live.hub);
  app.decorate('liveIngestUrl', live.rtmpPort() === null ? null : live.service.serverUrl());
  app.decorate('liveIngestPort', live.rtmpPort());
  app.decorate('whipSessions', () => live.whip?.size ?? 0);
  const loops = await createLoopRuntime(app);

  if (web) {
    await app.register(
      async (api) => {
        // Auth for everything under /api sits here: every route declares its access, one hook enforces it.
        await api.register(accessPlugin);
        await api.register(meRoutes);
        await api.register(channelRoutes);
        await api.register(notificationRoutes);
        await api.register(managementRoutes);
        await api.register(channelDetailRoutes);
        await api.register(channelProfileRoutes);
        await api.register(memberRoutes);
        await api.register(inviteRoutes);
        await api.register(transferRoutes);
        await api.register(contentRoutes);
        await api.register(loopRoutes, { runtime: loops });
        await api.register(operatorChannelRoutes);
        await api.register(operatorNoticeRoutes);
        await api.register(operatorNotificationRoutes);
        await api.register(operatorAuditRoutes);
        await api.register(applicationRoutes);
        await api.register(operatorApplicationRoutes);
        await api.register(liveRoutes, { service: live.service, trims: live.trims, hub: live.hub, link: live.link, saveThumbnail: live.saveThumbnail });
        await api.register(restreamRoutes, { service: live.restream });
        await api.register(viewRoutes);
        await api.register(insightRoutes);
        await api.register(trendRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(noticeRoutes, { prefix: '/external' });
  }
  // On every instance: sends need the queue's settings; jobs run only where the worker role is.
  await app.register(contentJobs, { workers: worker });
  await app.register(mediaJobs);
  await app.register(viewRollupJob, { workers: worker, takesBeacons: web });
  if (web) await app.register(livePublicRoutes, { runtime: live });
  // nginx-rtmp's on_publish callbacks are the ingest's own check of a stream key (RTMP_INGEST=off).
  if (ingest) await app.register(ingestCallbackRoutes, { runtime: live });
  // Browser broadcasts over WHIP (issue 24, point 2), where this process ingests, and on web instances
  // that hand offers to the ingest nodes (issue 22).
  const whip = whipGateway(live.whip, web ? live.link : null);
  if (whip) await app.register(whipRoutes, { whip, service: live.service });
  // The public site (/c/…): pages anyone may read, no session needed.
  if (web) await app.register(publicSiteRoutes);
  if (worker) await app.register(expiryTimer);
  if (worker) await app.register(signInPurgeTimer);
  if (worker) await app.register(idleUploadSweep, { finishAbandoned: (before, limit) => loops.service.finishAbandoned(before, limit) });
  // Liveness only: a database outage must not get a healthy process restarted.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  // Readiness of each role this instance has: all need the database and the media store (web serves media,
  // workers write it, an s3 ingest puts its segments there), ingest also its RTMP listener when embedded.
  // 503 SERVICE_UNAVAILABLE (through the error handler) while one of them is missing, naming which.
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    await pingDatabase(options.db);
    try {
      await app.media.objects.check({ timeoutMs: READY_STORE_TIMEOUT_MS });
    } catch (error) {
      // The reason names the bucket and endpoint (never a key): for the log, not for the answer.
      request.log.warn({ store: app.media.objects.kind, reason: error instanceof Error ? error.message : String(error) }, 'media store unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', undefined, { needs: 'media', store: app.media.objects.kind });
    }
    const rtmp = live.rtmpListening();
    if (rtmp === false) throw new AppError('SERVICE_UNAVAILABLE', undefined, { role: 'ingest', needs: 'rtmp' });
    // An ingest node whose heartbeat the registry has not had within the bound is taken for dead by the others.
    if (live.node && !live.node.healthy()) throw new AppError('SERVICE_UNAVAILABLE', undefined, { role: 'ingest', needs: 'heartbeat' });
    const up = { db: 'up', media: 'up' };
    const ingestState = rtmp ? { ...up, rtmp: 'listening', ...(live.node ? { node: live.node.id, heartbeatAgeSeconds: live.node.heartbeatAgeSeconds() } : {}) } : up;
    return { ok: true, roles: Object.fromEntries(roles.map((role) => [role, role === 'ingest' ? ingestState : up])) };
  });
  if (web) await app.register(spaRoutes, options.webDist ? { root: options.webDist } : {});
  return app;
}
