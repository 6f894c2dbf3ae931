// Declarations of the node-media-server internals used here, for every project that compiles this file (bench, e2e).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a file of ambient module declarations
/// <reference path="./nms.d.ts" />
import net from 'node:net';
import { addressKey } from '../key-attempts';
import { GuardedRtmp } from './guarded-rtmp';
import { credentialOf, type StreamHub } from './stream-hub';

/** Decides a publish attempt: the stream key's id, or null to refuse it. Never logs the secret. */
export type PublishGate = {
  /** Rejects when the address may not try now (too many wrong keys): refused as well. */
  authorize(app: string, secret: string, address: string): Promise<number | null>;
  /** The publisher's connection ended (after an accepted publish only). */
  done(streamKeyId: number): void;
};

export type RtmpIngest = {
  port: number;
  /** Whether the listener accepts connections (readiness of the `ingest` role). */
  readonly listening: boolean;
  close(): Promise<void>;
};

export type RtmpLimits = {
  /** Connections one address may hold open at once. */
  connectionsPerAddress: number;
  /** From connecting to an accepted publish. */
  publishDeadlineSeconds: number;
  /** The largest message of an accepted publisher. */
  maxMessageBytes: number;
};

const IDLE_TIMEOUT_MS = 30_000;
/** Answers a client does not read pile up in memory: past this much unsent, it is closed. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * The embedded RTMP ingest: node-media-server's RTMP protocol parser, guarded
 * (guarded-rtmp.ts), on a socket of our own. A publish is answered only after
 * the gate has looked the key up, so a wrong, reissued or deleted key is
 * refused before the stream is accepted and never reaches the hub. Playing over
 * RTMP is refused: viewers watch through the studio (preview) or HLS (public).
 * Port 1935 faces the internet unsigned: whatever a connection sends or fails
 * to send ends that connection at most, and what it may hold is bounded
 * (connections per address, a deadline to publish, message sizes).
 */
export async function startRtmpIngest(options: {
  port: number;
  host: string;
  hub: StreamHub;
  gate: PublishGate;
  limits: RtmpLimits;
  log: { debug(object: object, message: string): void; warn(object: object, message: string): void };
}): Promise<RtmpIngest> {
  const { hub, gate, limits, log } = options;
  const sockets = new Set<net.Socket>();
  const perAddress = new Map<string, number>();

  const server = net.createServer((socket) => {
    const address = socket.remoteAddress ?? '';
    const counted = addressKey(address);
    const open = perAddress.get(counted) ?? 0;
    if (open >= limits.connectionsPerAddress) {
      socket.destroy();
      return;
    }
    perAddress.set(counted, open + 1);
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    let streamKeyId: number | null = null;
    let state: 'connecting' | 'authorizing' | 'publishing' | 'refused' = 'connecting';
    const disconnect = () => socket.destroy();
    // Trickling a handshake or a connect keeps a connection from idling out: the publish has its own deadline.
    const deadline = setTimeout(() => {
      if (state !== 'publishing') socket.destroy();
    }, limits.publishDeadlineSeconds * 1000);

    const decide = async (app: string, secret: string, messageStreamId: number) => {
      const id = await gate.authorize(app, secret, address).catch((error: unknown) => {
        // Refused either way. A throttled address is expected; anything else (the database) is worth a line,
        // by its code only: an error's text may quote the query's parameters, that is the key.
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
        if (code !== 'RATE_LIMITED') log.warn({ code }, 'could not decide a publish attempt');
        return null;
      });
      if (socket.destroyed) {
        if (id !== null) gate.done(id);
        return;
      }
      if (id === null) {
        state = 'refused';
        rtmp.sendStatusMessage(messageStreamId, 'error', 'NetStream.Publish.BadName', 'Stream key refused.');
        socket.end();
        return;
      }
      streamKeyId = id;
      state = 'publishing';
      rtmp.accept();
      rtmp.streamId = messageStreamId;
      hub.publish(id, disconnect, credentialOf(secret));
      rtmp.sendStatusMessage(messageStreamId, 'status', 'NetStream.Publish.Start', 'Publishing.');
      socket.resume();
    };

    const rtmp = new GuardedRtmp({
      maxMessageBytes: limits.maxMessageBytes,
      onPublish: (streamName, messageStreamId) => {
        if (state !== 'connecting') return;
        state = 'authorizing';
        socket.pause();
        const secret = streamName.split('?')[0] ?? '';
        // Whatever fails on the way (the gate, the hub, a socket gone) ends this connection, never the process.
        decide(String(rtmp.streamApp), secret, messageStreamId).catch(() => {
          state = 'refused';
          socket.destroy();
        });
      },
      onPlay: () => socket.destroy(),
    });
    rtmp.onOutputCallback = (buffer) => {
      if (socket.destroyed) return;
      if (socket.writableLength > MAX_UNSENT_BYTES) return void socket.destroy();
      socket.write(buffer);
    };
    rtmp.onPacketCallback = (packet) => {
      if (state === 'publishing' && streamKeyId !== null) hub.packet(streamKeyId, packet);
    };
    socket.on('data', (data: Buffer) => {
      if (state === 'refused') return;
      const failure = rtmp.parserData(data);
      if (failure === null) return;
      // The reason only: never the bytes, which may hold a key.
      log.debug({ reason: failure }, 'RTMP connection closed on bad input');
      socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(deadline);
      sockets.delete(socket);
      const left = (perAddress.get(counted) ?? 1) - 1;
      if (left > 0) perAddress.set(counted, left);
      else perAddress.delete(counted);
      // Only the current publisher's end counts: one replaced by a newer connection says nothing.
      if (streamKeyId !== null && hub.unpublish(streamKeyId, disconnect)) gate.done(streamKeyId);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`RTMP_PORT ${options.port} is already in use: stop what listens there or set RTMP_PORT to a free port`) : error);
    });
    server.listen(options.port, options.host, () => resolve());
  });
  // Once listening, a failed accept (out of file descriptors under a flood) is told here, not thrown.
  server.on('error', (error) => log.warn({ err: error }, 'RTMP ingest could not accept a connection'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
    get listening() {
      return server.listening;
    },
    async close() {
      // The server says it closed before its sockets' own 'close' events have run (those wait for the
      // handle to close): waiting for each of them means every publisher's end has been handed to the
      // gate (and so to shutdown's wait) by the time this resolves.
      const ended = [...sockets].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(ended);
    },
  };
}
