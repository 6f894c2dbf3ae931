import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { createFastSerializerCompiler } from './lib/fast-serializer';
import { serializeRequest } from './lib/log-redaction';
import { applicationRoutes } from './modules/applications/routes';
import { operatorApplicationRoutes } from './modules/applications/operator-routes';
import { mediaJobs } from './media/media-jobs';
import { mediaPlugin } from './media/media-routes';
import { channelDetailRoutes } from './modules/channels/channel-detail-routes';
import { managementRoutes } from './modules/channels/management-routes';
import { channelRoutes } from './modules/channels/routes';
import { contentJobs } from './modules/contents/content-jobs';
import { contentRoutes } from './modules/contents/routes';
import { expiryTimer } from './modules/invites/expiry-sweep';
import { inviteRoutes } from './modules/invites/routes';
import { idleUploadSweep } from './modules/loops/loop-uploads';
import { loopRoutes } from './modules/loops/routes';
import { ingestCallbackRoutes, livePublicRoutes } from './modules/lives/public-routes';
import { liveRoutes } from './modules/lives/routes';
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
import { transferRoutes } from './modules/transfers/routes';
import { viewRoutes } from './modules/views/routes';
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

export type AppOptions = { config: Config; db: Db; clock: Clock; logger?: boolean; logStream?: { write(line: string): void }; backgroundJobs?: boolean; webDist?: string; notificationStream?: HubOptions; readCache?: ReadCacheOptions };

/** Infrastructure plugins first, then the account service, sign-in, the API and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const secure = config.publicUrl.startsWith('https:');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Addresses without OAuth codes, states, ID tokens or stream keys; no headers, so no cookies.
            serializers: { req: serializeRequest },
            redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization'], censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: secure,
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

  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin);
  // Before every route, so each request is counted (on a listener of its own, not on PORT).
  await app.register(metricsPlugin);
  await app.register(cookie);
  await app.register(formbody);
  // Uploads are streamed; each route reads one file and sets its own smaller limit (media/upload.ts).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 21 } });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(swaggerPlugin);
  // The one LISTEN connection, before everything that hears announcements through it (and so closed after them).
  await app.register(announcementsPlugin);
  await app.register(sessionPlugin);
  await app.register(readCachePlugin, options.readCache ?? {});
  await app.register(csrfPlugin);
  await app.register(unreadCountsPlugin);
  await app.register(notificationHubPlugin, options.notificationStream ?? {});
  await app.register(mediaPlugin);
  await app.register(jobsPlugin, { workers: options.backgroundJobs !== false });
  await app.register(broadcastJob);

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
    await app.register(oidcPayloadPurgeJob, { workers: options.backgroundJobs !== false });
  }
  if (!clientSecret) throw new Error('OIDC_CLIENT_SECRET is required with an external issuer');
  await app.register(authRoutes, { oidc: createOidcClient(config, clientSecret) });
  const live = await createLiveRuntime(app);
  app.metrics.watchStreams(live.hub);
  app.decorate('liveIngestUrl', live.rtmpPort() === null ? null : live.service.serverUrl());
  app.decorate('liveIngestPort', live.rtmpPort());

  await app.register(
    async (api) => {
      // Auth for everything under /api sits here: every route declares its access, one hook enforces it.
      await api.register(accessPlugin);
      await api.register(meRoutes);
      await api.register(channelRoutes);
      await api.register(notificationRoutes);
      await api.register(managementRoutes);
      await api.register(channelDetailRoutes);
      await api.register(memberRoutes);
      await api.register(inviteRoutes);
      await api.register(transferRoutes);
      await api.register(contentRoutes);
      await api.register(loopRoutes);
      await api.register(operatorChannelRoutes);
      await api.register(operatorNoticeRoutes);
      await api.register(operatorNotificationRoutes);
      await api.register(operatorAuditRoutes);
      await api.register(applicationRoutes);
      await api.register(operatorApplicationRoutes);
      await api.register(liveRoutes, { service: live.service, hub: live.hub, saveThumbnail: live.saveThumbnail });
      await api.register(viewRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(noticeRoutes, { prefix: '/external' });
  // On every instance: sends need the queue's settings; jobs run only with background jobs on.
  await app.register(contentJobs, { workers: options.backgroundJobs !== false });
  await app.register(mediaJobs);
  await app.register(viewRollupJob, { workers: options.backgroundJobs !== false });
  await app.register(livePublicRoutes, { runtime: live });
  await app.register(ingestCallbackRoutes, { runtime: live });
  if (options.backgroundJobs !== false) await app.register(expiryTimer);
  if (options.backgroundJobs !== false) await app.register(signInPurgeTimer);
  if (options.backgroundJobs !== false) await app.register(idleUploadSweep);
  // Liveness only: a database outage must not get a healthy process restarted.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  // Readiness: 503 SERVICE_UNAVAILABLE (through the error handler) while the database cannot answer.
  app.get('/readyz', { schema: { hide: true } }, async () => {
    await pingDatabase(options.db);
    return { ok: true };
  });
  await app.register(spaRoutes, options.webDist ? { root: options.webDist } : {});
  return app;
}
