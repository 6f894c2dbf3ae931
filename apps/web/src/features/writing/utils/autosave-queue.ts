/**
 * The editor's saving, apart from React so its timing can be tested on its own.
 *
 * - An edit waits for a quiet period (typing stopped) before it is sent.
 * - One save is in flight at a time; edits made meanwhile go in the next one.
 * - A save that fails for want of a network (or a 5xx) is kept and retried
 *   with a growing delay, and at once when the browser says it is online
 *   again (`retryNow`); until then the state says "not saved".
 * - A version conflict (another tab saved first) stops saving: the page asks
 *   whether to reload the server's text or keep this one (`keepMine`).
 * - A refusal that retrying cannot fix (bad input, no permission) stops too.
 */

export type SaveResult = { version: number; savedAt: string };

export type AutosaveStatus =
  /** Nothing changed since the text was loaded. */
  | { kind: 'idle'; savedAt: string | null }
  /** Everything typed is on the server. */
  | { kind: 'saved'; savedAt: string }
  /** Edits wait for the typing to stop. */
  | { kind: 'pending'; savedAt: string | null }
  | { kind: 'saving'; savedAt: string | null }
  /** The last attempt did not reach the server; another follows at `retryAt` (epoch ms). */
  | { kind: 'offline'; savedAt: string | null; attempt: number; retryAt: number }
  /** Someone saved a newer version; saving waits for the person's choice. */
  | { kind: 'conflict'; savedAt: string | null }
  /** The server refused the text for a reason a retry will not change. */
  | { kind: 'refused'; savedAt: string | null; error: unknown };

export type ErrorVerdict = 'conflict' | 'retry' | 'refused';

export type AutosaveOptions<T> = {
  /** Sends the value; `version` is the version this text was based on (null: nothing on the server yet). */
  save: (value: T, version: number | null) => Promise<SaveResult>;
  classify: (error: unknown) => ErrorVerdict;
  version: number | null;
  savedAt?: string | null;
  quietMs?: number;
  /** Delay before the n-th retry (1-based). */
  retryDelayMs?: (attempt: number) => number;
  onStatus?: (status: AutosaveStatus) => void;
  /** Called once a value is safely on the server and no newer edit is waiting. */
  onSettled?: (value: T, result: SaveResult) => void;
  now?: () => number;
};

export const AUTOSAVE_QUIET_MS = 2_000;
export const defaultRetryDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));

export type AutosaveQueue<T> = {
  edit: (value: T) => void;
  /** Saves what is waiting now, skipping the quiet period; resolves once nothing is left unsaved (or saving stopped). */
  flush: () => Promise<AutosaveStatus>;
  retryNow: () => void;
  /** After a conflict: base this text on the server's newer version and save it over that one. */
  keepMine: (serverVersion: number) => void;
  hasUnsaved: () => boolean;
  status: () => AutosaveStatus;
  version: () => number | null;
  dispose: () => void;
};

export function createAutosaveQueue<T>(options: AutosaveOptions<T>): AutosaveQueue<T> {
  const quietMs = options.quietMs ?? AUTOSAVE_QUIET_MS;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  const now = options.now ?? Date.now;

  let version = options.version;
  let savedAt = options.savedAt ?? null;
  let latest: { value: T } | null = null; // the newest edit not yet on the server
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  let disposed = false;
  let current: AutosaveStatus = { kind: 'idle', savedAt };
  const waiters = new Set<(status: AutosaveStatus) => void>();

  function set(status: AutosaveStatus) {
    current = status;
    options.onStatus?.(status);
    if (status.kind === 'saved' || status.kind === 'idle' || status.kind === 'conflict' || status.kind === 'refused' || status.kind === 'offline') {
      // A flush waits for the outcome of what it asked for; "offline" is an outcome too (the caller shows it).
      for (const resolve of waiters) resolve(status);
      waiters.clear();
    }
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delay);
  }

  async function run(): Promise<void> {
    clearTimeout(timer);
    if (disposed || stopped || inFlight || !latest) return;
    const sending = latest;
    set({ kind: 'saving', savedAt });
    inFlight = (async () => {
      try {
        const result = await options.save(sending.value, version);
        version = result.version;
        savedAt = result.savedAt;
        attempt = 0;
        // Edits that arrived while this save was out stay waiting for the next one.
        if (latest === sending) {
          latest = null;
          options.onSettled?.(sending.value, result);
        }
      } catch (error) {
        const verdict = options.classify(error);
        if (verdict === 'conflict') {
          stopped = true;
          set({ kind: 'conflict', savedAt });
        } else if (verdict === 'refused') {
          stopped = true;
          set({ kind: 'refused', savedAt, error });
        } else {
          attempt += 1;
          const delay = retryDelay(attempt);
          set({ kind: 'offline', savedAt, attempt, retryAt: now() + delay });
          schedule(delay);
        }
        return;
      } finally {
        inFlight = null;
      }
      if (disposed) return;
      if (latest) {
        set({ kind: 'pending', savedAt });
        schedule(quietMs);
      } else if (savedAt) {
        set({ kind: 'saved', savedAt });
      }
    })();
    return inFlight;
  }

  return {
    edit(value) {
      if (disposed) return;
      latest = { value };
      // After a conflict or refusal the text is still kept (and backed up by the page); it is not sent until the person decides.
      if (stopped) return;
      if (inFlight) return; // sent when the current save returns
      if (current.kind === 'offline') {
        // Keep the retry rhythm; the newer text goes with the next attempt.
        return;
      }
      set({ kind: 'pending', savedAt });
      schedule(quietMs);
    },
    flush() {
      if (!latest && !inFlight) return Promise.resolve(current);
      if (stopped) return Promise.resolve(current);
      const done = new Promise<AutosaveStatus>((resolve) => waiters.add(resolve));
      if (!inFlight) void run();
      else {
        // Run what is left as soon as the current save returns.
        clearTimeout(timer);
        void inFlight.then(() => (latest && !stopped ? run() : undefined));
      }
      return done;
    },
    retryNow() {
      if (current.kind === 'offline' && !inFlight) void run();
    },
    keepMine(serverVersion) {
      version = serverVersion;
      stopped = false;
      if (latest) void run();
      else set({ kind: 'idle', savedAt });
    },
    hasUnsaved: () => latest !== null || inFlight !== null,
    status: () => current,
    version: () => version,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      for (const resolve of waiters) resolve(current);
      waiters.clear();
    },
  };
}
