import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { DEFAULT_DB_CONNECT_TIMEOUT_MS, DEFAULT_DB_STATEMENT_TIMEOUT_MS } from '../config';
import { connectionStatements, type ConnectionStatements } from './prepared-statements';
import type { Database, Db } from './schema';

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export type DbOptions = {
  max?: number;
  /** Longest wait for a connection, whether a pooled one or a new one; 0 waits for ever. */
  connectTimeoutMs?: number;
  /** Longest a statement may run, enforced by the server and, for a frozen network, by the client; 0 for none. */
  statementTimeoutMs?: number;
  /** Where lost connections are reported; they are expected during restarts and never fatal. */
  warn?: (message: string) => void;
  /** Send single statements as named prepared statements, parsed once per connection (default on). */
  prepare?: boolean;
};

/**
 * The database cannot answer now (down, restarting, frozen, out of
 * connections): a request that meets it is a 503, never a crash or a hang.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super('database unavailable', { cause });
  }
}

const socketErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// admin_shutdown, crash_shutdown, cannot_connect_now: the server is going away or not there yet.
const goneStates = new Set(['57P01', '57P02', '57P03']);
// too_many_connections, query_canceled (statement_timeout): temporary, yet the connection itself is fine.
const busyStates = new Set(['53300', '57014']);
// What pg says when the socket dies or the client gives up on it; these errors carry no code.
const driverMessages = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The connection this error came from can no longer be trusted. */
function isBrokenConnection(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (socketErrorCodes.has(code) || goneStates.has(code) || code.startsWith('08'))) return true;
  return error instanceof Error && !(error instanceof pg.DatabaseError) && driverMessages.some((pattern) => pattern.test(error.message));
}

/** Whether an error (or anything in its cause chain) means the database is unavailable right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (isBrokenConnection(current)) return true;
    const code = codeOf(current);
    if (code && busyStates.has(code) && current instanceof pg.DatabaseError) return true;
  }
  return false;
}

// serialization_failure, deadlock_detected, lock_not_available: the same work may succeed when tried again.
const retryStates = new Set(['40001', '40P01', '55P03']);

/** The statement broke the unique constraint of this name: the one mapping services use to turn it into a domain refusal. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === constraint;
}

/**
 * A fault of the moment, not of the work: the database is unavailable (above), or the statement lost a
 * race for a lock. A job that meets one is retried rather than settled (docs/decisions/010).
 */
export function isPassingDatabaseFault(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = codeOf(current);
    if (code && retryStates.has(code) && current instanceof pg.DatabaseError) return true;
  }
  return false;
}

/**
 * Hands Kysely pool clients that fail as requests, never as crashes: every
 * failure to connect and every connection-class query error becomes a
 * DatabaseUnavailableError, and a client that saw one (or a client-side
 * timeout, after which its protocol state is unknown) is destroyed on release
 * instead of going back to the pool, where the next request would inherit it.
 * Ending it waits for every connection's socket to close, not only for the request to close it.
 */
function guardedPool(pool: pg.Pool, stats: DbStats, prepare: boolean, allClosed: () => Promise<unknown>): PostgresPool {
  const statementsOf = new WeakMap<pg.PoolClient, ConnectionStatements>();
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
      let broken: Error | undefined;
      let statements = statementsOf.get(client);
      if (prepare && !statements) {
        statements = connectionStatements();
        statementsOf.set(client, statements);
      }
      const guard = (error: unknown): never => {
        if (isBrokenConnection(error)) {
          broken ??= error instanceof Error ? error : new Error(String(error));
          throw new DatabaseUnavailableError(error);
        }
        // A prepared statement whose tables changed shape (a migration while serving) cannot run
        // again on this connection: it goes, and with it the statement; the error stays as it is.
        if (codeOf(error) === '0A000' && error instanceof pg.DatabaseError) broken ??= error;
        throw error;
      };
      const query = (...args: unknown[]): unknown => {
        if (broken) return Promise.reject(new DatabaseUnavailableError(broken));
        stats.queries++;
        const [text, values] = args;
        // Kysely calls query(text, values): such a call goes out as a named statement where it may.
        const call: unknown[] = statements && typeof text === 'string' && args.length <= 2 && (values === undefined || Array.isArray(values)) ? [statements.config(text, values as unknown[] | undefined)] : args;
        const result = (client.query as (...params: unknown[]) => unknown)(...call);
        return result instanceof Promise ? result.catch(guard) : result;
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release(broken) };
    },
    end: async () => {
      await pool.end();
      await allClosed();
    },
  };
}

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_DB_STATEMENT_TIMEOUT_MS;
  const warn = options.warn ?? ((message: string) => console.warn(`[studio] ${message}`));
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_DB_CONNECT_TIMEOUT_MS,
    // The server cancels a long statement; the client stops waiting when the network itself is frozen.
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 100 } : {}),
    keepAlive: true,
  });
  // pg emits 'error' on a client whose connection dies (server restart, pg_terminate_backend, a cut
  // network). The pool listens only while a client is idle; without a listener on a checked-out
  // client the event would end the process. The query in flight fails on its own and becomes a 503.
  // Each connection until its socket has closed: pool.end() resolves once it has asked them to close,
  // and a PostgreSQL stopped right after would end the ones still closing ("connection lost").
  const closing = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    client.on('error', (error) => warn(`database connection lost: ${error.message}`));
    const closed = new Promise<void>((resolve) => client.once('end', () => resolve()));
    closing.add(closed);
    void closed.then(() => closing.delete(closed));
  });
  pool.on('error', (error) => warn(`idle database connection lost: ${error.message}`));
  const stats: DbStats = { queries: 0 };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, stats, options.prepare !== false, () => Promise.all(closing)) }) });
  connectionStrings.set(db, connectionString);
  dbStats.set(db, stats);
  pools.set(db, pool);
  return db;
}

/** What a pool made by createDb has sent: each query is one round trip (BEGIN and COMMIT included). */
export type DbStats = { queries: number };

const connectionStrings = new WeakMap<Db, string>();
const dbStats = new WeakMap<Db, DbStats>();
const pools = new WeakMap<Db, pg.Pool>();

/** The live counters of a pool made by createDb (the benchmark reads round trips per request from them). */
export const statsOf = (db: Db): Readonly<DbStats> | undefined => dbStats.get(db);

/** Connections of a pool made by createDb as they are now: open, idle, and requests waiting for one (plugins/metrics.ts). */
export function poolUse(db: Db): { max: number; open: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { max: pool.options.max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Where a pool made by createDb connects: for a dedicated connection beside it (LISTEN). */
export const connectionStringOf = (db: Db): string | undefined => connectionStrings.get(db);

/** Readiness: one round trip, given up after `timeoutMs` so a probe never waits on a frozen database. */
export async function pingDatabase(db: Db, timeoutMs = 1000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
  });
  try {
    // The one statement outside a repository: a connection probe that reads no data.
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
