import pg from 'pg';

/** How the connection shows in `pg_stat_activity.application_name`: one per server instance. */
export const ANNOUNCEMENTS_APPLICATION_NAME = 'studio-announcements';

export type ConnectionOptions = {
  connectionString: string;
  onNotification(channel: string, payload: string): void;
  /** Listening (again) on every channel asked for: whatever was announced while it was not is lost. */
  onListening(): void;
  /** Not listening: announcements may be missed until onListening. */
  onLost(): void;
  warn(message: string): void;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often a listening connection proves it still reaches the database. */
  probeEveryMs?: number;
  /** A probe unanswered this long means the connection is stalled (a frozen network, a partition). */
  probeTimeoutMs?: number;
};

/**
 * The one dedicated connection that LISTENs (a pooled one would be handed to
 * queries), used only by plugins/announcements.ts. It survives database
 * restarts and killed backends by reconnecting with backoff, LISTENs again on
 * every channel asked for so far, and never lets a connection error reach the
 * process; close() ends it for good.
 */
export function openAnnouncementConnection(options: ConnectionOptions) {
  const firstRetryMs = options.firstRetryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const probeEveryMs = options.probeEveryMs ?? 500;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  /** Every channel asked for, LISTENed again on each new connection. */
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  /** How the current connection gives up (a failed LISTEN asked for later ends it too). */
  let failCurrent: ((reason: string) => void) | undefined;
  let closed = false;
  let listening = false;
  let retryMs = firstRetryMs;
  let pid: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probe: ReturnType<typeof setInterval> | undefined;
  /**
   * Queries after the connection is listening (probes, late LISTENs, notify) run one after another, as
   * pg queues them today; pg 9 will refuse a query sent while another runs. Each connection starts a
   * chain of its own, so one stalled on a frozen connection never holds up the next connection.
   */
  let tail: Promise<unknown> = Promise.resolve();
  const serially = <T>(query: () => Promise<T>): Promise<T> => {
    const result = tail.then(query, query);
    tail = result.catch(() => undefined);
    return result;
  };

  const lost = (client: pg.Client, reason: string) => {
    clearInterval(probe);
    const was = listening;
    listening = false;
    failCurrent = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (was) options.onLost();
    if (closed) return;
    options.warn(`announcement listener lost (${reason}); reconnecting in ${retryMs} ms`);
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async () => {
    timer = undefined;
    if (closed) return;
    const current = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: ANNOUNCEMENTS_APPLICATION_NAME,
    });
    client = current;
    tail = Promise.resolve();
    let gone = false;
    const fail = (reason: string) => {
      if (gone) return;
      gone = true;
      lost(current, reason);
    };
    failCurrent = fail;
    current.on('error', (error) => fail(error.message));
    current.on('end', () => fail('connection ended'));
    current.on('notification', (message) => {
      if (message.payload !== undefined) options.onNotification(message.channel, message.payload);
    });
    try {
      await current.connect();
      pid = (await current.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      // Channels asked for while these LISTENs run are LISTENed here too: once listening, listen() does it itself.
      const listened = new Set<string>();
      for (let pending = [...channels]; pending.length > 0; pending = [...channels].filter((channel) => !listened.has(channel))) {
        for (const channel of pending) {
          await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          listened.add(channel);
        }
      }
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (gone || closed) return;
    listening = true;
    retryMs = firstRetryMs;
    options.onListening();
    // A stalled socket raises no error: without this, a frozen network would keep caches trusted
    // (and revocations made elsewhere unseen) until TCP keep-alive gave up, minutes later.
    probe = setInterval(() => {
      let timeout: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`no answer within ${probeTimeoutMs} ms`)), probeTimeoutMs);
      });
      Promise.race([serially(() => current.query('SELECT 1')), stalled])
        .catch((error: unknown) => fail(`liveness probe: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => clearTimeout(timeout));
    }, probeEveryMs);
    probe.unref();
  };

  void connect();
  return {
    get listening() {
      return listening;
    },
    /**
     * LISTENs on `channel` from now on, on this connection and every later one. Resolves true once the
     * live connection listens on it, false when it is not listening (the next connection will).
     */
    async listen(channel: string): Promise<boolean> {
      channels.add(channel);
      if (!listening || !client) return false;
      const [live, fail] = [client, failCurrent];
      try {
        await serially(() => live.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
        return listening;
      } catch (error) {
        fail?.(`LISTEN ${channel}: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
    /**
     * Announces on this very connection (no pooled connection taken): PostgreSQL delivers announcements
     * in commit order, so once this one comes back, every one committed before it has arrived.
     */
    async notify(channel: string, payload: string): Promise<void> {
      if (!listening || !client) throw new Error('not listening');
      const live = client;
      await serially(() => live.query('SELECT pg_notify($1, $2)', [channel, payload]));
    },
    /** The backend pid of the listening connection (tests terminate it). */
    get backendPid(): number | undefined {
      return listening ? pid : undefined;
    },
    /** Ends it for good; a listening connection reports onLost first, so nothing trusts it past here. */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(probe);
      const was = listening;
      listening = false;
      failCurrent = undefined;
      const current = client;
      client = undefined;
      if (was) options.onLost();
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}

export type AnnouncementConnection = ReturnType<typeof openAnnouncementConnection>;
