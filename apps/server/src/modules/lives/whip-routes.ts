import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { livePaths } from '@studio/contract/live';
import { AppError } from '../../lib/errors';
import { credentialOf } from './ingest/stream-hub';
import { MAX_SDP_BYTES, WhipOfferError, type WhipIngest } from './ingest/whip-ingest';
import type { LiveService } from './live-service';

const SessionParams = z.object({ sessionId: z.string().max(100) });
const SESSION_ID = /^[0-9a-f]{32}$/;

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

/**
 * WHIP (RFC 9725), issue 24 point 2: a browser (or OBS 30's WHIP output) POSTs its SDP offer with the
 * stream key's secret as bearer token; the key is checked, and a wrong one counted against the
 * address, before any WebRTC object exists. 201 carries the answer and the session's resource, whose
 * DELETE ends the broadcast. Registered on instances with the ingest role and the embedded ingest.
 */
export async function whipRoutes(instance: FastifyInstance, options: { whip: WhipIngest; service: LiveService }) {
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

  app.delete('/ingest/whip/:sessionId', { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    cors(reply);
    // The session's id (128 random bits) is the capability, as the key may have been reissued since.
    const { sessionId } = request.params;
    if (!SESSION_ID.test(sessionId) || !(await whip.close(sessionId))) throw new AppError('WHIP_SESSION_NOT_FOUND');
    return reply.status(200).send();
  });
}
