import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { livePaths } from '@studio/contract/live';
import { AppError } from '../../lib/errors';
import { uploadRateLimit } from '../../media/upload';
import { credentialOf } from './ingest/stream-hub';
import { MAX_SDP_BYTES, WhipOfferError, type WhipIngest } from './ingest/whip-ingest';
import type { LiveService } from './live-service';

const SessionParams = z.object({ sessionId: z.string().max(100) });
const SESSION_ID = /^[0-9a-f]{32}$/;
/** Session ends one address may ask for in a minute: a browser asks once per broadcast. */
export const WHIP_DELETES_PER_MINUTE = 60;

/** CORS as RFC 9725 asks of a WHIP endpoint: any page may publish, the bearer token is what authorises. */
function cors(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'Location, ETag, Link, Accept-Post')
    .header('access-control-allow-methods', 'POST, DELETE, OPTIONS')
    .header('access-control-allow-headers', 'Authorization, Content-Type, If-Match')
    .header('access-control-max-age', '86400');
}

/** The stream key from `Authorization: Bearer <key>`, or '' (refused like a wrong key). */
function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '');
  return match?.[1] ?? '';
}

/** Where offers are answered and sessions ended: this process's WHIP ingest, or other nodes'. */
export type WhipGateway = Pick<WhipIngest, 'open' | 'close'>;

/**
 * The WHIP gateway of an instance: its own ingest where it has one (embedded, the default), and the
 * other ingest nodes through their internal listeners where it serves the web (issue 22: a split
 * deployment's balancer sends /ingest/whip to the web instances). A session's DELETE may reach any
 * web instance: the one holding it is asked. Null where neither exists.
 */
export function whipGateway(local: WhipIngest | null, remote: { whipOpen: WhipGateway['open']; whipClose: WhipGateway['close']; reachesOtherNodes: boolean } | null): WhipGateway | null {
  const others = remote?.reachesOtherNodes ? remote : null;
  if (!local && !others) return null;
  return {
    open: (streamKeyId, offer, credential) => (local ? local.open(streamKeyId, offer, credential) : others!.whipOpen(streamKeyId, offer, credential)),
    close: async (sessionId) => (local ? await local.close(sessionId) : false) || (others ? await others.whipClose(sessionId) : false),
  };
}

/**
 * WHIP (RFC 9725), issue 24 point 2: a browser (or OBS 30's WHIP output) POSTs its SDP offer with the
 * stream key's secret as bearer token; the key is checked, and a wrong one counted against the
 * address, before any WebRTC object exists. 201 carries the answer and the session's resource, whose
 * DELETE ends the broadcast. Registered where this process ingests, and on `web` instances that reach
 * ingest nodes (whipGateway above).
 */
export async function whipRoutes(instance: FastifyInstance, options: { whip: WhipGateway; service: LiveService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { whip, service } = options;
  // This scope reads every body as text, up to an offer's bound; what is not application/sdp is answered 415 below.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_SDP_BYTES }, (_request, body, done) => done(null, body));

  app.options(livePaths.whip, { schema: { hide: true } }, async (_request, reply) => cors(reply).header('accept-post', 'application/sdp').status(204).send());
  app.options('/ingest/whip/:sessionId', { schema: { hide: true } }, async (_request, reply) => cors(reply).status(204).send());

  app.post(livePaths.whip, { schema: { hide: true } }, async (request, reply) => {
    cors(reply);
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/sdp') throw new AppError('WHIP_MEDIA_TYPE');
    // RATE_LIMITED (429) once the address used up its wrong keys of the minute, as at the RTMP ingest.
    const key = await service.checkSecret(bearer(request.headers.authorization), request.ip);
    if (!key) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('WHIP_KEY_REFUSED');
    }
    const offer = typeof request.body === 'string' ? request.body : '';
    const answer = await whip.open(key.id, offer, credentialOf(key.secret)).catch((error: unknown) => {
      if (error instanceof WhipOfferError) throw new AppError(error.code);
      throw error;
    });
    return reply
      .status(201)
      .header('content-type', 'application/sdp')
      .header('location', livePaths.whipSession(answer.sessionId))
      .header('cache-control', 'no-store')
      .send(answer.sdp);
  });

  // No trickle ICE and no ICE restart here (the answer carries every candidate): RFC 9725 section 4.3.1
  // asks such a server to answer any PATCH of a session 405.
  app.patch('/ingest/whip/:sessionId', { schema: { hide: true, params: SessionParams } }, async (_request, reply) => {
    cors(reply).header('allow', 'DELETE, OPTIONS');
    throw new AppError('WHIP_PATCH_UNSUPPORTED');
  });

  // A session's end may be asked of every ingest node (one that is not here): bounded per address.
  app.delete('/ingest/whip/:sessionId', { schema: { hide: true, params: SessionParams }, config: { rateLimit: uploadRateLimit('whip-delete', WHIP_DELETES_PER_MINUTE) } }, async (request, reply) => {
    cors(reply);
    // The session's id (128 random bits) is the capability, as the key may have been reissued since.
    const { sessionId } = request.params;
    if (!SESSION_ID.test(sessionId) || !(await whip.close(sessionId))) throw new AppError('WHIP_SESSION_NOT_FOUND');
    return reply.status(200).send();
  });
}
