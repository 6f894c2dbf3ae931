// The baselines, in a process of their own: a bare Fastify route answered from memory, and the floor
// of any read that needs the database: the same bare route plus one round trip through `pg` (a named
// prepared statement on an indexed row, the cheapest query there is). What the studio's one-round-trip
// reads can reach on this machine is bounded by the second.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ count: 3 }));
const databaseUrl = process.env.DATABASE_URL;
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
if (pool) {
  app.get('/one-query', async () => {
    const { rows } = await pool.query<{ id: number }>({ name: 'bench_one', text: 'SELECT id FROM users WHERE id = $1', values: [1] });
    return { count: rows.length };
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => pool?.end()).then(() => process.exit(0)));
