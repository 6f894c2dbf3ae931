import { describe, expect, it } from 'vitest';
import { SerializerMismatchError, writtenOnce } from './fast-serializer';
import { createReadCache } from './read-cache';

/** A value as a read cache keeps it (and so shares it between requests). */
async function kept<T>(value: T): Promise<T> {
  const cache = createReadCache({ max: 10, ttlMs: 60_000 });
  cache.setEnabled(true);
  return cache.read('key', 1, async () => value, () => ['c:1']);
}

describe('a reply made of a kept value is written once', () => {
  it('writes a kept value once and sends the same bytes again', async () => {
    let writes = 0;
    const write = writtenOnce((data) => (writes++, JSON.stringify(data)), false, 'GET /x 200');
    const value = await kept({ name: '채널 "하나"', count: 3 });
    const first = write(value) as unknown;
    const second = write(value) as unknown;
    expect(writes).toBe(1);
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(second).toBe(first);
    expect((first as Buffer).toString()).toBe('{"name":"채널 \\"하나\\"","count":3}');
  });

  it('writes every other value each time, as a string', async () => {
    let writes = 0;
    const write = writtenOnce((data) => (writes++, JSON.stringify(data)), false, 'GET /x 200');
    const value = { count: 3 };
    expect(write(value)).toBe('{"count":3}');
    value.count = 4;
    expect(write(value)).toBe('{"count":4}');
    expect(writes).toBe(2);
    // A value a read did not keep (the read overlapped a change) is not shared either.
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    const overlapped = await cache.read('key', 1, async () => (cache.announced('c:1'), { count: 5 }), () => ['c:1']);
    expect(write(overlapped)).toBe('{"count":5}');
  });

  it('with verify, fails when a kept value was changed in place after it was written', async () => {
    const write = writtenOnce((data) => JSON.stringify(data), true, 'GET /x 200');
    const value = await kept({ count: 3 });
    expect((write(value) as unknown as Buffer).toString()).toBe('{"count":3}');
    expect((write(value) as unknown as Buffer).toString()).toBe('{"count":3}');
    value.count = 4;
    expect(() => write(value)).toThrow(SerializerMismatchError);
  });
});
