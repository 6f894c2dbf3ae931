import { Readable, Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range';
import { replyWithObject } from './object-reply';
import { RangeNotSatisfiableError, type ByteRange, type StoredObject } from './stores/object-store';

const BYTES = Buffer.from('0123456789abcdefghij');

/** One stored object in memory, read as a store reads it: the range asked for, or null when `missing`. */
function read(missing: boolean) {
  return async (options: { range?: ByteRange }): Promise<StoredObject | null> => {
    if (missing) return null;
    const range = options.range;
    let start = 0;
    let end = BYTES.length - 1;
    if (range && 'suffix' in range) start = BYTES.length - range.suffix;
    else if (range) {
      if (range.start >= BYTES.length) throw new RangeNotSatisfiableError(BYTES.length);
      start = range.start;
      end = Math.min(range.end ?? end, end);
    }
    return { size: BYTES.length, contentType: 'text/plain', range: { start, end }, stream: Readable.from([BYTES.subarray(start, end + 1)]) };
  };
}

/** A real Fastify whose route answers as /media and /live do, with every log line kept. */
async function server() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.get<{ Querystring: { missing?: string } }>('/object', async (request, reply) => {
    const sent = await replyWithObject(reply, read(request.query.missing === '1'), parseRange(request.headers.range), (object) => ({ 'content-type': object.contentType }));
    if (!sent) return reply.status(404).send({ code: 'NOT_FOUND' });
    return reply;
  });
  await app.ready();
  return { app, errors: () => lines.filter((line) => line.level >= 50) };
}

describe('replyWithObject', () => {
  it('answers the whole object, a range, 416 and a missing object, and the route logs no error after sending', async () => {
    const { app, errors } = await server();
    const whole = await app.inject({ url: '/object' });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(BYTES.toString());
    const part = await app.inject({ url: '/object', headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${BYTES.length}`);
    const past = await app.inject({ url: '/object', headers: { range: 'bytes=50-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BYTES.length}`);
    const missing = await app.inject({ url: '/object?missing=1' });
    expect(missing.statusCode).toBe(404);
    // A sent answer was once taken for a missing object (the reply is thenable) and the route threw after sending.
    expect(errors()).toEqual([]);
    await app.close();
  });
});
