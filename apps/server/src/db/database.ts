import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema';

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that the server drops (restart, failover, shutdown) must not crash the process;
  // the pool opens a new one for the next query.
  pool.on('error', (error) => console.warn(`[studio] idle database connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
