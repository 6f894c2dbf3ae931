import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

function counting<T>(value: () => T) {
  const load = Object.assign(
    async () => {
      load.calls++;
      await later();
      return value();
    },
    { calls: 0 },
  );
  return load;
}

describe('createReadCache', () => {
  it('reads once, then answers from memory until a scope the value names is announced', async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    let rows = ['a'];
    const load = counting(() => rows);
    const read = () => cache.read('k', 1, load, () => ['m:1', 'c:7']);
    expect(await read()).toEqual(['a']);
    expect(await read()).toEqual(['a']);
    expect(load.calls).toBe(1);

    cache.announced('c:8');
    await read();
    expect(load.calls).toBe(1);

    rows = ['b'];
    cache.announced('c:7');
    expect(await read()).toEqual(['b']);
    expect(load.calls).toBe(2);
    rows = ['c'];
    cache.announced('m:1');
    expect(await read()).toEqual(['c']);
  });

  it('keeps nothing while announcements are not heard, and starts over when they are again', async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    const load = counting(() => 1);
    await cache.read('k', 1, load, () => []);
    await cache.read('k', 1, load, () => []);
    expect(load.calls).toBe(2);
    cache.setEnabled(true);
    await cache.read('k', 1, load, () => []);
    await cache.read('k', 1, load, () => []);
    expect(load.calls).toBe(3);
    cache.setEnabled(false);
    cache.setEnabled(true);
    await cache.read('k', 1, load, () => []);
    expect(load.calls).toBe(4);
  });

  it('does not keep a read that an announcement overlapped: it may hold the row before the change', async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    let rows = 'before';
    const load = counting(() => rows);
    const first = cache.read('k', 1, load, () => ['n:1']);
    cache.announced('n:2'); // Any announcement: what the read saw is unknown.
    rows = 'after';
    expect(await first).toBe('after'); // (the fake reads at the end; a real one may have read before)
    expect(await cache.read('k', 1, load, () => ['n:1'])).toBe('after');
    expect(load.calls).toBe(2);
    expect(await cache.read('k', 1, load, () => ['n:1'])).toBe('after');
    expect(load.calls).toBe(2);
  });

  it('shares a read in flight, but not with a reader who arrives after an announcement', async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    let version = 1;
    const load = counting(() => version);
    const [a, b] = await Promise.all([cache.read('k', 1, load, () => []), cache.read('k', 1, load, () => [])]);
    expect([a, b, load.calls]).toEqual([1, 1, 1]);

    cache.forgetPerson(1);
    const early = cache.read('k', 1, load, () => []);
    version = 2;
    cache.forgetPerson(1); // their own write committed: their next read must not join the earlier one
    const late = cache.read('k', 1, load, () => []);
    expect(load.calls).toBe(3);
    await Promise.all([early, late]);
  });

  it("forgets everything one person read, and nobody else's, when that person changes something", async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    const mine = counting(() => 'mine');
    const theirs = counting(() => 'theirs');
    await cache.read('a', 1, mine, () => ['c:1']);
    await cache.read('b', 2, theirs, () => ['c:1']);
    cache.forgetPerson(1);
    await cache.read('a', 1, mine, () => ['c:1']);
    await cache.read('b', 2, theirs, () => ['c:1']);
    expect([mine.calls, theirs.calls]).toEqual([2, 1]);
  });

  it('is bounded: the least recently used entry goes first, and an entry older than its time is read again', async () => {
    let clock = 0;
    const cache = createReadCache({ max: 2, ttlMs: 1_000, now: () => clock });
    cache.setEnabled(true);
    const load = counting(() => 'v');
    await cache.read('a', 1, load, () => []);
    await cache.read('b', 1, load, () => []);
    await cache.read('a', 1, load, () => []); // a is now the most recent
    await cache.read('c', 1, load, () => []); // b goes
    expect(cache.size).toBe(2);
    expect(load.calls).toBe(3);
    await cache.read('a', 1, load, () => []);
    expect(load.calls).toBe(3);
    await cache.read('b', 1, load, () => []);
    expect(load.calls).toBe(4);
    clock = 1_001;
    await cache.read('b', 1, load, () => []);
    expect(load.calls).toBe(5);
  });

  it('hands a failure to its callers and keeps nothing', async () => {
    const cache = createReadCache({ max: 10, ttlMs: 60_000 });
    cache.setEnabled(true);
    let fail = true;
    const load = async () => {
      await later();
      if (fail) throw new Error('down');
      return 'up';
    };
    await expect(cache.read('k', 1, load, () => [])).rejects.toThrow('down');
    fail = false;
    expect(await cache.read('k', 1, load, () => [])).toBe('up');
  });
});
