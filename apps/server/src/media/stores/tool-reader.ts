import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '../http-range';
import { RangeNotSatisfiableError, type ObjectStore } from './object-store';

/** An object of the store offered to ffprobe over loopback HTTP for as long as it needs it. */
export type ToolInput = { url: string; close(): Promise<void> };

/**
 * Serves one object of the store to the media tools at `http://127.0.0.1:<port>/<token>` with range
 * reads, so that ffprobe can judge an upload held in the bucket without a copy on this instance's
 * disk (issue 22: a `web` instance writes no media file). Only the one unguessable path answers; the
 * bucket's credentials never appear in a command line or a tool's error (the URL holds none). The
 * tools seek (an mp4's index is often at its end): each Range is one ranged GET of the store.
 */
export async function serveToTools(objects: ObjectStore, key: string): Promise<ToolInput> {
  const token = randomBytes(24).toString('base64url');
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    if (request.url !== `/${token}` || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    const range = parseRange(request.headers.range);
    objects.get(key, range ? { range } : undefined).then(
      async (object) => {
        if (!object) {
          response.writeHead(404).end();
          return;
        }
        const { start, end } = object.range;
        const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes', 'content-length': end - start + 1 };
        if (range) headers['content-range'] = `bytes ${start}-${end}/${object.size}`;
        response.writeHead(range ? 206 : 200, headers);
        if (request.method === 'HEAD') {
          object.stream.destroy();
          response.end();
          return;
        }
        // The tool closes its connection when it seeks elsewhere: the store's stream goes with it.
        await pipeline(object.stream, response).catch(() => undefined);
      },
      (error: unknown) => {
        if (error instanceof RangeNotSatisfiableError) response.writeHead(416, { 'content-range': `bytes */${error.size}` }).end();
        else response.writeHead(502).end();
      },
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the tool reader has no port');
  return {
    url: `http://127.0.0.1:${address.port}/${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
