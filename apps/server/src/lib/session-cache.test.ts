import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../types';
import { createSessionCache } from './session-cache';

const user = (id: number): SessionUser => ({ id, login: `u${id}`, name: `u${id}`, profileImageUrl: null, isOperator: false, sessionId: `s${id}` });
const entry = (id: number) => ({ user: user(id), expiresAt: new Date(0), lastSeenAt: new Date(0) });

describe('the session cache', () => {
  it('drops the least recently used entry when full', () => {
    const cache = createSessionCache({ max: 2, ttlMs: 60_000, now: () => 0 });
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    expect(cache.get('a')?.user.id).toBe(1);
    cache.set('c', entry(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.user.id).toBe(1);
    expect(cache.get('c')?.user.id).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = createSessionCache({ max: 10, ttlMs: 1_000, now: () => now });
    cache.set('a', entry(1));
    now = 1_000;
    expect(cache.get('a')).toBeDefined();
    now = 1_001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every session of a changed person, and only theirs', () => {
    const cache = createSessionCache({ max: 10, ttlMs: 1_000, now: () => 0 });
    cache.set('a', entry(1));
    cache.set('a2', { ...entry(1), user: { ...user(1), sessionId: 'a2' } });
    cache.set('b', entry(2));
    cache.deleteUser(1);
    expect([cache.get('a'), cache.get('a2')]).toEqual([undefined, undefined]);
    expect(cache.get('b')?.user.id).toBe(2);
  });
});
