// Declarations of the node-media-server internals used here, for every project that compiles this file (bench, e2e).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a file of ambient module declarations
/// <reference path="./nms.d.ts" />
import net from 'node:net';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';
import type { StreamHub } from './stream-hub';

/** Decides a publish attempt: the stream key's id, or null to refuse it. Never logs the secret. */
export type PublishGate = {
  authorize(app: string, secret: string): Promise<number | null>;
  /** The publisher's connection ended (after an accepted publish only). */
  done(streamKeyId: number): void;
};

export type RtmpIngest = { port: number; close(): Promise<void> };

const IDLE_TIMEOUT_MS = 30_000;

/**
 * The embedded RTMP ingest: node-media-server's RTMP protocol parser on a
 * socket of our own. A publish is answered only after the gate has looked the
 * key up, so a wrong, reissued or deleted key is refused before the stream is
 * accepted and never reaches the hub. Playing over RTMP is refused: viewers
 * watch through the studio (preview) or HLS (public).
 */
export async function startRtmpIngest(options: { port: number; host: string; hub: StreamHub; gate: PublishGate }): Promise<RtmpIngest> {
  const { hub, gate } = options;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    const rtmp = new Rtmp();
    let streamKeyId: number | null = null;
    let state: 'connecting' | 'authorizing' | 'publishing' | 'refused' = 'connecting';
    const disconnect = () => socket.destroy();

    rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    rtmp.onPublish = (invoke) => {
      if (state !== 'connecting') return;
      state = 'authorizing';
      const streamId = rtmp.parserPacket.header.stream_id;
      const secret = String(invoke.streamName ?? '').split('?')[0] ?? '';
      const app = String(rtmp.streamApp ?? '');
      socket.pause();
      gate.authorize(app, secret).then(
        (id) => {
          if (socket.destroyed) {
            if (id !== null) gate.done(id);
            return;
          }
          if (id === null) {
            state = 'refused';
            rtmp.sendStatusMessage(streamId, 'error', 'NetStream.Publish.BadName', 'Stream key refused.');
            socket.end();
            return;
          }
          streamKeyId = id;
          state = 'publishing';
          rtmp.streamId = streamId;
          hub.publish(id, disconnect);
          rtmp.sendStatusMessage(streamId, 'status', 'NetStream.Publish.Start', 'Publishing.');
          socket.resume();
        },
        () => {
          state = 'refused';
          socket.destroy();
        },
      );
    };
    rtmp.onPlay = () => {
      socket.destroy();
    };
    rtmp.onPacketCallback = (packet) => {
      if (state === 'publishing' && streamKeyId !== null) hub.packet(streamKeyId, packet);
    };
    socket.on('data', (data: Buffer) => {
      if (state === 'refused') return;
      if (rtmp.parserData(data) !== null) socket.destroy();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
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
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    port,
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
