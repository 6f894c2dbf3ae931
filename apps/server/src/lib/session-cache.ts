import type { SessionUser } from '../types';

export type CachedSession = { user: SessionUser; expiresAt: Date; lastSeenAt: Date; cachedAt: number };

/**
 * Live sessions by id (the token's hash), so a request costs no database
 * round trip. Bounded: a Map keeps insertion order, a hit moves its entry to
 * the end, and the oldest goes first when full. An entry also lives at most
 * `ttlMs`, which bounds how long a change nobody announced (none is known)
 * could be served; announced changes evict at once (plugins/session.ts, through plugins/announcements.ts).
 */
export function createSessionCache(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, CachedSession>();
  return {
    get(sessionId: string): CachedSession | undefined {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      entries.delete(sessionId);
      if (now() - entry.cachedAt > options.ttlMs) return undefined;
      entries.set(sessionId, entry);
      return entry;
    },
    set(sessionId: string, entry: Omit<CachedSession, 'cachedAt'>) {
      entries.delete(sessionId);
      entries.set(sessionId, { ...entry, cachedAt: now() });
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete(sessionId: string) {
      entries.delete(sessionId);
    },
    /** A person's details changed: every session of theirs is read again. Rare, so a scan is fine. */
    deleteUser(userId: number) {
      for (const [sessionId, entry] of entries) if (entry.user.id === userId) entries.delete(sessionId);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
