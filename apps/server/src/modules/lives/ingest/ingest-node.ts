import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { IngestNodeRepository } from './ingest-node-repository';
import { figuresOf, type StreamFigures } from './stream-stats';
import { writeUnlessBehind, type StreamHub } from './stream-hub';

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
  log: { warn(object: object, message: string): void };
}): Promise<{ port: number; close(): Promise<void> }> {
  const { hub, commands } = options;
  const expected = digest(bearer(options.secret));
  const answer = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const presented = req.headers[AUTHORIZATION];
    if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), expected)) return answer(res, 401);
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
