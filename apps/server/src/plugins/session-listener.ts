import pg from 'pg';

export type ListenerOptions = {
  connectionString: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** Listening (again): whatever was announced while it was not is lost, so caches start over. */
  onListening(): void;
  /** Not listening: announcements may be missed until onListening. */
  onLost(): void;
  warn(message: string): void;
  /** How warnings name it. */
  name?: string;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often a listening connection proves it still reaches the database. */
  probeEveryMs?: number;
  /** A probe unanswered this long means the connection is stalled (a frozen network, a partition). */
  probeTimeoutMs?: number;
};

/**
 * One dedicated connection that LISTENs (a pooled one would be handed to
 * queries). It survives database restarts and killed backends by
 * reconnecting with backoff, and never lets a connection error reach the
 * process; close() ends it for good.
 */
export function startListener(options: ListenerOptions) {
  const firstRetryMs = options.firstRetryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const probeEveryMs = options.probeEveryMs ?? 500;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_000;
  let client: pg.Client | undefined;
  let closed = false;
  let listening = false;
  let retryMs = firstRetryMs;
  let pid: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probe: ReturnType<typeof setInterval> | undefined;

  const lost = (client: pg.Client, reason: string) => {
    clearInterval(probe);
    if (listening) options.onLost();
    listening = false;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (closed) return;
    options.warn(`${options.name ?? 'session listener'} lost (${reason}); reconnecting in ${retryMs} ms`);
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async () => {
    timer = undefined;
    if (closed) return;
    const current = new pg.Client({ connectionString: options.connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = current;
    let gone = false;
    const fail = (reason: string) => {
      if (gone) return;
      gone = true;
      lost(current, reason);
    };
    current.on('error', (error) => fail(error.message));
    current.on('end', () => fail('connection ended'));
    current.on('notification', (message) => {
      if (message.payload !== undefined) options.onNotification(message.channel, message.payload);
    });
    try {
      await current.connect();
      for (const channel of options.channels) await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      pid = (await current.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (gone || closed) return;
    listening = true;
    retryMs = firstRetryMs;
    options.onListening();
    // A stalled socket raises no error: without this, a frozen network would keep the cache trusted
    // (and revocations made elsewhere unseen) until TCP keep-alive gave up, minutes later.
    probe = setInterval(() => {
      let timeout: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`no answer within ${probeTimeoutMs} ms`)), probeTimeoutMs);
      });
      Promise.race([current.query('SELECT 1'), stalled])
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
     * Announces on this very connection (no pooled connection taken): PostgreSQL delivers announcements
     * in commit order, so once this one comes back, every one committed before it has arrived.
     */
    async notify(channel: string, payload: string): Promise<void> {
      if (!listening || !client) throw new Error('not listening');
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    /** The backend pid of the listening connection (tests terminate it). */
    get backendPid(): number | undefined {
      return listening ? pid : undefined;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(probe);
      listening = false;
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

export type Listener = ReturnType<typeof startListener>;
