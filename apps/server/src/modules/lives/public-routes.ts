import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@studio/contract/params';
import { AppError } from '../../lib/errors';
import { parseRange } from '../../media/http-range';
import { replyWithObject } from '../../media/object-reply';
import type { LiveRuntime } from './runtime';

/** How long a cache between may keep a public segment or replay playlist (a hidden replay is gone from caches after it). */
const HLS_PUBLIC_MAX_AGE_SECONDS = 60;

const HlsFileParams = z.object({ liveId: IdParam, file: z.string().regex(/^(index\.m3u8|replay-\d{1,18}\.m3u8|segment-\d{5}\.ts)$/) });

/**
 * Public playback (`/live/{liveId}/index.m3u8`): open to anyone once the live is
 * on air, and as the replay once it ended while the replay's content is PUBLIC
 * (a trimmed replay plays from `replay-<trimId>.m3u8`, decision 046). A hidden
 * (or otherwise unpublished) replay plays only for the channel's owner and
 * managers, signed in, never cached by anyone between; a deleted one for nobody.
 * A READY live's picture is private (the preview), so nothing is served before start.
 */
export async function livePublicRoutes(instance: FastifyInstance, options: { runtime: LiveRuntime }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { runtime } = options;

  app.get('/live/:liveId/:file', { schema: { hide: true, params: HlsFileParams } }, async (request, reply) => {
    const { liveId, file } = request.params;
    const live = await runtime.service.findLive(liveId);
    if (!live || live.status === 'READY') throw new AppError('LIVE_NOT_FOUND');
    // Not found, rather than forbidden, for a replay this caller may not see: its existence is not told.
    const audience = live.status === 'END' ? await runtime.service.replayAudience(live, request.user?.id ?? null) : 'public';
    if (!audience) throw new AppError('LIVE_NOT_FOUND');
    const playlist = file.endsWith('.m3u8');
    // The live playlist changes every second. A segment never changes once written, but its live becomes a
    // replay that the owner may hide, trim or delete: a cache between (a CDN) may keep any of them only
    // HLS_PUBLIC_MAX_AGE_SECONDS, never as immutable, so what is taken down is gone from caches within a
    // minute. The studio's own preview of an unpublished replay is for its session alone.
    const cache = audience === 'studio' ? 'private, no-store' : playlist && live.status !== 'END' ? 'no-cache' : `public, max-age=${HLS_PUBLIC_MAX_AGE_SECONDS}`;
    // One byte range, as /media answers (players and CDNs fetch segments in parts). These files carry no
    // validator, so an If-Range never matches and the whole file is sent (RFC 9110 section 13.1.5).
    const range = request.headers['if-range'] === undefined ? parseRange(request.headers.range) : undefined;
    const sent = await replyWithObject(reply, (options) => runtime.readHls(liveId, file, options), range, () => ({
      'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      'x-content-type-options': 'nosniff',
      'cache-control': cache,
    }));
    if (!sent) throw new AppError('NOT_FOUND');
    return reply;
  });
}

// nginx-rtmp posts the client's address as `addr`: wrong keys are counted per address, as at the embedded ingest.
const CallbackBody = z.object({ app: z.string().max(100).default(''), name: z.string().max(200).default(''), addr: z.string().max(100).default('') }).loose();
const CallbackQuery = z.object({ token: z.string().max(200).default('') });

function sameToken(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The production ingest's callbacks: nginx-rtmp's `on_publish` and
 * `on_publish_done` (docs/nginx-rtmp.md) decide through the same rules as the
 * embedded ingest. A 2xx lets nginx accept the stream, 403 refuses it before it
 * is accepted (so does 429, past STREAM_KEY_ATTEMPTS_PER_MINUTE wrong keys
 * from the client's address). Called by nginx only, with INGEST_CALLBACK_TOKEN.
 */
export async function ingestCallbackRoutes(instance: FastifyInstance, options: { runtime: LiveRuntime }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { service } = options.runtime;
  const schema = { hide: true, body: CallbackBody, querystring: CallbackQuery };

  app.post('/ingest/on_publish', { schema }, async (request, reply) => {
    if (!sameToken(request.query.token, app.config.live.ingestCallbackToken)) throw new AppError('ACCESS_DENIED');
    // An address past its wrong keys of the minute answers 429 (RATE_LIMITED): nginx refuses it all the same.
    const streamKeyId = await service.authorizePublish(request.body.app, request.body.name, request.body.addr, 'nginx');
    if (streamKeyId === null) throw new AppError('ACCESS_DENIED');
    return reply.status(204).send();
  });

  app.post('/ingest/on_publish_done', { schema }, async (request, reply) => {
    if (!sameToken(request.query.token, app.config.live.ingestCallbackToken)) throw new AppError('ACCESS_DENIED');
    await service.publishDoneBySecret(request.body.name);
    return reply.status(204).send();
  });
}
