/**
 * The values read caches hold. They are shared between requests and replaced, never changed, when what
 * they were read from changes: an answer made of one is the same bytes every time, so it is written once
 * (lib/fast-serializer.ts).
 */
const sharedValues = new WeakSet<object>();
export const isSharedValue = (value: unknown): value is object => typeof value === 'object' && value !== null && sharedValues.has(value);
/** Marks a value made of kept values (and kept with them) as shared in the same way: never changed in place. */
export function share<T extends object>(value: T): T {
  sharedValues.add(value);
  return value;
}

/**
 * Reads kept in memory until the database says what they were read from changed.
 *
 * Each entry belongs to one person (the reader) and names the scopes it was read from (`c:<channel>`,
 * `m:<user>`, `n:<user>`: migration 0016); an announcement of a scope drops every entry that names it.
 * The rules that keep an answer from being older than what its reader may see:
 * - **Only while announcements are heard.** `enabled` follows the LISTEN connection; losing it or
 *   listening again (whatever was said in between is lost) empties the cache.
 * - **A read that overlapped an announcement is not kept.** Every announcement moves `changes`; a read
 *   is stored only if `changes` did not move while it ran, since what it read may be the row before
 *   that change. Readers that arrive while a read is in flight share it, but only if nothing was
 *   announced since it started (else they could be handed the state before their own write).
 * - **A person's own change is seen by their next read** (`forgetPerson`, called when any request of
 *   theirs that may write has been answered): their announcement can arrive a moment after the answer.
 * - **Bounded**: at most `max` entries (least recently used go first), each trusted at most `ttlMs`.
 * Values are shared between requests: callers must not mutate them.
 */
export function createReadCache(options: { max: number; ttlMs: number; now?: () => number }) {
  const now = options.now ?? (() => performance.now());
  type Entry = { value: unknown; person: number; scopes: readonly string[]; cachedAt: number };
  const entries = new Map<string, Entry>();
  const byScope = new Map<string, Set<string>>();
  const inFlight = new Map<string, { changes: number; promise: Promise<unknown> }>();
  let changes = 0;
  let enabled = false;
  let hits = 0;
  let misses = 0;

  const index = (scope: string, key: string) => {
    let keys = byScope.get(scope);
    if (!keys) byScope.set(scope, (keys = new Set()));
    keys.add(key);
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const scope of entry.scopes) {
      const keys = byScope.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) byScope.delete(scope);
    }
  };
  const store = (key: string, value: unknown, person: number, scopes: readonly string[]) => {
    remove(key);
    const all = [`p:${person}`, ...new Set(scopes)];
    entries.set(key, { value, person, scopes: all, cachedAt: now() });
    if (typeof value === 'object' && value !== null) sharedValues.add(value);
    for (const scope of all) index(scope, key);
    while (entries.size > options.max) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };
  const clear = () => {
    changes++;
    entries.clear();
    byScope.clear();
  };

  return {
    /**
     * The value under `key` (read by `person`), from memory or from `load`; `scopes` names what it was
     * read from, given the value (a list names the channels in it).
     */
    read: async <T>(key: string, person: number, load: () => Promise<T>, scopes: (value: T) => readonly string[]): Promise<T> => {
      if (!enabled) return load();
      const entry = entries.get(key);
      if (entry) {
        if (now() - entry.cachedAt <= options.ttlMs) {
          hits++;
          // Most recently used goes last.
          entries.delete(key);
          entries.set(key, entry);
          return entry.value as T;
        }
        remove(key);
      }
      misses++;
      const running = inFlight.get(key);
      if (running && running.changes === changes) return running.promise as Promise<T>;
      const startedAt = changes;
      const promise = load().then((value) => {
        if (enabled && changes === startedAt) store(key, value, person, scopes(value));
        return value;
      });
      const flight = { changes: startedAt, promise };
      inFlight.set(key, flight);
      void promise.then(
        () => inFlight.get(key) === flight && inFlight.delete(key),
        () => inFlight.get(key) === flight && inFlight.delete(key),
      );
      return promise;
    },
    /** What `key` holds now, if anything, without reading it (a deep page finds its predecessor's end). */
    peek: <T>(key: string): T | undefined => {
      const entry = enabled ? entries.get(key) : undefined;
      return entry && now() - entry.cachedAt <= options.ttlMs ? (entry.value as T) : undefined;
    },
    /** The database announced a change of `scope`. */
    announced: (scope: string) => {
      changes++;
      const keys = byScope.get(scope);
      if (keys) for (const key of [...keys]) remove(key);
    },
    /** Everything `person` reads is read again (their own change may not be announced yet). */
    forgetPerson(person: number) {
      changes++;
      const keys = byScope.get(`p:${person}`);
      if (keys) for (const key of [...keys]) remove(key);
    },
    /** Announcements are heard (true) or may be missed (false): either way, start over. */
    setEnabled(value: boolean) {
      enabled = value;
      clear();
    },
    get enabled() {
      return enabled;
    },
    get size() {
      return entries.size;
    },
    get stats() {
      return { hits, misses, changes };
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
