import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { IngestNodeRepository } from './ingest-node-repository';
import { figuresOf, type StreamFigures } from './stream-stats';
import { writeUnlessBehind, type StreamHub } from './stream-hub';
import { MAX_SDP_BYTES, WhipOfferError, type WhipAnswer, type WhipIngest } from './whip-ingest';

/**
 * Ingest nodes past one machine (issue 22, decision 050). The node that holds a publisher is the only
 * one that has its stream: web instances reach it on the node's internal listener, an HTTP server of
 * its own bound to a configured address and answering only requests that carry the shared secret
 * (INGEST_INTERNAL_SECRET). In one process (`npm start`) nothing of this is on the way: the key is
 * in this process's hub and every call is direct.
 */

/** What web instances ask of the node holding a key (or of every node, for a live's end). */
export type NodeCommands = {
  /** The key's on-air live records (and restreams) here: the live went on air. */
  onAir(streamKeyId: number): Promise<void>;
  /** The live's recording and forwards end here (it closed); answers once the last segment is in the store. */
  offAir(liveId: number): Promise<void>;
};

const AUTHORIZATION = 'authorization';
/** The key's publishing credential, handed with an offer from the web instance that checked the key. */
const WHIP_CREDENTIAL = 'x-whip-credential';
const bearer = (secret: string) => `Bearer ${secret}`;
const digest = (text: string) => createHash('sha256').update(text).digest();
/** A command the node does not answer within this long is given up on (the node reconciles on its heartbeat). */
const COMMAND_TIMEOUT_MS = 10_000;

/**
 * The node's internal listener: the private preview's FLV, a stream's figures, ending a publisher, and
 * the recording's start and end. Whatever a request sends ends that request at most.
 */
export async function startInternalListener(options: {
  host: string;
  port: number;
  secret: string;
  hub: StreamHub;
  commands: NodeCommands;
  /** This node's WHIP ingest, once made (null where browser broadcasts are off): web instances hand offers to it. */
  whip?: () => WhipIngest | null;
  log: { warn(object: object, message: string): void };
}): Promise<{ port: number; close(): Promise<void> }> {
  const { hub, commands } = options;
  const expected = digest(bearer(options.secret));
  const answer = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  /**
   * A browser's WHIP offer for a key a web instance has checked (POST /whip/<key id>, the key's
   * credential in a header, the SDP as body), or the end of a session (DELETE /whip/<session id>).
   * The offer's refusals answer 422 with their code; no ingest here, 503.
   */
  async function whipCommand(req: http.IncomingMessage, res: http.ServerResponse, streamKeyId: number | null, sessionId: string | null): Promise<void> {
    const whip = options.whip?.() ?? null;
    try {
      if (!whip) return answer(res, 503);
      if (req.method === 'DELETE' && sessionId) return answer(res, (await whip.close(sessionId)) ? 204 : 404);
      const credential = req.headers[WHIP_CREDENTIAL];
      if (req.method !== 'POST' || streamKeyId === null || typeof credential !== 'string') return answer(res, 404);
      const offer = await bodyWithin(req, MAX_SDP_BYTES);
      if (offer === null) return answer(res, 413);
      const opened: WhipAnswer = await whip.open(streamKeyId, offer, credential);
      // The web instance gave up meanwhile (its timeout): nobody will get this answer, so no session stays.
      if (res.destroyed) return void (await whip.close(opened.sessionId));
      return answer(res, 201, opened);
    } catch (error) {
      if (error instanceof WhipOfferError) return answer(res, 422, { code: error.code });
      options.log.warn({ err: error, route: `${req.method} whip` }, 'internal ingest command failed');
      if (!res.headersSent) answer(res, 500);
    }
  }

  const server = http.createServer((req, res) => {
    const presented = req.headers[AUTHORIZATION];
    if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), expected)) return answer(res, 401);
    const whipRoute = /^\/whip\/(?:(\d{1,15})|([0-9a-f]{32}))$/.exec(req.url ?? '');
    if (whipRoute) return void whipCommand(req, res, whipRoute[1] ? Number(whipRoute[1]) : null, whipRoute[2] ?? null);
    const match = /^\/(streams|lives)\/(\d{1,15})\/(figures|preview\.flv|kick|on-air|off-air)$/.exec(req.url ?? '');
    if (!match) return answer(res, 404);
    const [, kind, idText, action] = match as unknown as [string, string, string, string];
    const id = Number(idText);
    const route = `${req.method} ${kind}/${action}`;
    const run = (work: Promise<void>) =>
      work.then(
        () => answer(res, 204),
        (error: unknown) => {
          options.log.warn({ err: error, route, id }, 'internal ingest command failed');
          answer(res, 500);
        },
      );
    switch (route) {
      case 'GET streams/figures': {
        const stats = hub.stats(id);
        return stats ? answer(res, 200, figuresOf(stats, Date.now())) : answer(res, 404);
      }
      case 'GET streams/preview.flv': {
        if (!hub.isPublishing(id)) return answer(res, 404);
        res.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store' });
        const unsubscribe = hub.subscribe(id, { write: (chunk) => writeUnlessBehind(res, chunk), end: () => res.end() });
        if (!unsubscribe) return void res.end();
        res.on('close', unsubscribe);
        return;
      }
      case 'POST streams/kick':
        hub.kick(id);
        return answer(res, 204);
      case 'POST streams/on-air':
        return void run(commands.onAir(id));
      case 'POST lives/off-air':
        return void run(commands.offAir(id));
      default:
        return answer(res, 404);
    }
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const OFFER_REFUSALS: readonly WhipOfferError['code'][] = ['WHIP_SDP_INVALID', 'WHIP_CODEC_UNSUPPORTED', 'WHIP_KEY_BUSY', 'WHIP_SESSION_LIMIT'];
const isOfferRefusal = (code: unknown): code is WhipOfferError['code'] => OFFER_REFUSALS.includes(code as WhipOfferError['code']);

/** A request's body as text, or null past `maxBytes` (the request is then not read further). */
function bodyWithin(req: http.IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        return resolve(null);
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // Cut before its end: nothing to answer (a settled promise ignores this).
    req.on('close', () => resolve(null));
  });
}

/**
 * How this instance reaches a stream whatever node holds it: in this process's hub directly, else on
 * the holder's internal listener (looked up in the registry). Without a secret no other node is reached.
 */
export function streamLink(options: {
  hub: StreamHub;
  nodes: IngestNodeRepository;
  secret: string | null;
  /** This process's own node, never called over the network. */
  self: string | null;
  log: { warn(object: object, message: string): void };
}) {
  const { hub, nodes, secret } = options;

  /** The internal address of the living node holding the key, when it is another process. */
  async function remoteHolder(streamKeyId: number): Promise<string | null> {
    if (!secret || hub.isPublishing(streamKeyId)) return null;
    const holder = await nodes.holder(streamKeyId);
    return holder?.alive && holder.internalUrl && holder.node !== options.self ? holder.internalUrl : null;
  }

  async function call(base: string, path: string, init: { method: 'GET' | 'POST'; signal?: AbortSignal } = { method: 'POST' }): Promise<Response> {
    return fetch(`${base}${path}`, { method: init.method, headers: { [AUTHORIZATION]: bearer(secret!) }, signal: init.signal ?? AbortSignal.timeout(COMMAND_TIMEOUT_MS) });
  }

  /** A command that may fail without failing the caller: the node reconciles on its next heartbeat. */
  async function tell(base: string, path: string): Promise<void> {
    const response = await call(base, path).catch((error: unknown) => {
      options.log.warn({ err: error, node: base, path }, 'ingest node not reached');
      return null;
    });
    if (response && response.status !== 204) options.log.warn({ node: base, path, status: response.status }, 'ingest node refused a command');
  }

  return {
    /** The figures of the key's publication, read here or from the node that holds it; null when none. */
    async figures(streamKeyId: number): Promise<StreamFigures | null> {
      const stats = hub.stats(streamKeyId);
      if (stats) return figuresOf(stats, Date.now());
      const base = await remoteHolder(streamKeyId);
      if (!base) return null;
      const response = await call(base, `/streams/${streamKeyId}/figures`, { method: 'GET' }).catch(() => null);
      return response?.ok ? ((await response.json()) as StreamFigures) : null;
    },

    /** Ends the key's publisher wherever it is held (its secret was reissued). */
    async kick(streamKeyId: number): Promise<void> {
      hub.kick(streamKeyId);
      const base = await remoteHolder(streamKeyId);
      if (base) await tell(base, `/streams/${streamKeyId}/kick`);
    },

    /** Whether the key's publisher is held in another process (so the commands below go there). */
    async heldElsewhere(streamKeyId: number): Promise<boolean> {
      return (await remoteHolder(streamKeyId)) !== null;
    },

    /** The key's on-air live records on the node that holds it. */
    async onAir(streamKeyId: number): Promise<void> {
      const base = await remoteHolder(streamKeyId);
      if (base) await tell(base, `/streams/${streamKeyId}/on-air`);
    },

    /** The live's recording ends on every other living node (the one recording it answers once it is stored). */
    async offAir(liveId: number): Promise<void> {
      if (!secret) return;
      const others = (await nodes.alive()).filter((node) => node.internal_url && node.id !== options.self);
      await Promise.all(others.map((node) => tell(node.internal_url!, `/lives/${liveId}/off-air`)));
    },

    /**
     * A browser's offer for a checked key, answered by another living node with WHIP (a `web` instance
     * of a split deployment has none of its own): the nodes are tried in an order that starts at the
     * key (one key's offers go to the same node while the nodes stay the same), passing over a node that
     * is unreachable or full. Throws the offer's refusal; WHIP_SESSION_LIMIT when no node took it.
     */
    async whipOpen(streamKeyId: number, offer: string, credential: string): Promise<WhipAnswer> {
      const others = secret ? (await nodes.alive()).filter((node) => node.internal_url && node.id !== options.self) : [];
      const start = others.length ? streamKeyId % others.length : 0;
      for (const node of [...others.slice(start), ...others.slice(0, start)]) {
        // Refused before the request left (nothing listens there, the address is unknown): the next node.
        // A timeout is not passed over: the node may be answering it still, and would hold the key.
        let response: Response;
        try {
          response = await fetch(`${node.internal_url!}/whip/${streamKeyId}`, {
            method: 'POST',
            headers: { [AUTHORIZATION]: bearer(secret!), [WHIP_CREDENTIAL]: credential, 'content-type': 'application/sdp' },
            body: offer,
            signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
          });
        } catch (error) {
          options.log.warn({ err: error, node: node.id }, 'ingest node not reached with a WHIP offer');
          if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) break;
          continue;
        }
        if (response.status === 201) {
          const answer = (await response.json().catch(() => null)) as Partial<WhipAnswer> | null;
          if (typeof answer?.sessionId === 'string' && typeof answer.sdp === 'string') return { sessionId: answer.sessionId, sdp: answer.sdp };
          options.log.warn({ node: node.id }, 'ingest node answered a WHIP offer without a session');
          break;
        }
        if (response.status === 422) {
          const code = ((await response.json().catch(() => null)) as { code?: unknown } | null)?.code;
          if (code === 'WHIP_SESSION_LIMIT') continue;
          if (isOfferRefusal(code)) throw new WhipOfferError(code);
        }
        await response.body?.cancel().catch(() => undefined);
        // Too large for the node: as too large for the public route.
        if (response.status === 413) throw new WhipOfferError('WHIP_SDP_INVALID');
        options.log.warn({ node: node.id, status: response.status }, 'ingest node refused a WHIP offer');
      }
      throw new WhipOfferError('WHIP_SESSION_LIMIT');
    },

    /** Ends a WHIP session held by another living node: true when one of them had it. */
    async whipClose(sessionId: string): Promise<boolean> {
      if (!secret) return false;
      const others = (await nodes.alive()).filter((node) => node.internal_url && node.id !== options.self);
      const closed = await Promise.all(
        others.map(async (node) => {
          const response = await fetch(`${node.internal_url!}/whip/${sessionId}`, { method: 'DELETE', headers: { [AUTHORIZATION]: bearer(secret) }, signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS) }).catch(() => null);
          return response?.status === 204;
        }),
      );
      return closed.includes(true);
    },

    /** Whether offers can be handed to other nodes at all (a shared secret is configured). */
    reachesOtherNodes: secret !== null,

    /** The private preview's FLV from the node holding the key, or null when no other node holds it. */
    async preview(streamKeyId: number, signal: AbortSignal): Promise<Readable | null> {
      const base = await remoteHolder(streamKeyId);
      if (!base) return null;
      const response = await call(base, `/streams/${streamKeyId}/preview.flv`, { method: 'GET', signal }).catch(() => null);
      if (!response?.ok || !response.body) return null;
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
  };
}

export type StreamLink = ReturnType<typeof streamLink>;
