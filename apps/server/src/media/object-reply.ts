import type { FastifyReply } from 'fastify';
import { RangeNotSatisfiableError, type ByteRange, type StoredObject } from './stores/object-store';

/**
 * Answers a GET of one stored object with the one byte range asked for (parseRange of http-range.ts):
 * the whole object (200), that range (206 with Content-Range), or 416 with the whole size when it
 * starts past the end. Every route that serves stored bytes (`/media/…`, public HLS under `/live/…`)
 * answers through here, so a player seeking in a segment gets the same answers as one reading an image.
 * `headers` (type, caching, validators) go on the 200 and 206 answers. False, with nothing sent, when
 * there is no such object: each route answers its own not-found.
 *
 * True once an answer is under way, never the reply itself: a Fastify reply is thenable, so an async
 * function returning it would be awaited until the body had gone and resolve with nothing, and its
 * caller would take a sent answer for a missing object (and throw after sending).
 */
export async function replyWithObject(
  reply: FastifyReply,
  read: (options: { range?: ByteRange }) => Promise<StoredObject | null>,
  range: ByteRange | undefined,
  headers: (object: StoredObject) => Record<string, string>,
): Promise<boolean> {
  let object;
  try {
    object = await read(range ? { range } : {});
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    void reply.status(416).header('content-range', `bytes */${error.size}`).header('accept-ranges', 'bytes').send();
    return true;
  }
  if (!object) return false;
  reply.headers(headers(object)).header('accept-ranges', 'bytes');
  reply.header('content-length', object.size === 0 ? 0 : object.range.end - object.range.start + 1);
  if (range) reply.status(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  void reply.send(object.stream);
  return true;
}
