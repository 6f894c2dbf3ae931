// Decision 050: how a web instance tells an ingest node something and gets its answer. Measures, on
// loopback, the round trip of a command over the ingest node's internal HTTP listener (the real one:
// ingest-node.ts, with its secret check) against the same over PostgreSQL's LISTEN/NOTIFY (the
// announcement bus: a NOTIFY to the node, its NOTIFY back). Prints p50/p99 per way; no budget is asserted.
//   node --import tsx bench/ingest-commands.ts [rounds]
import pg from 'pg';
import { startInternalListener } from '../apps/server/src/modules/lives/ingest/ingest-node';
import { StreamHub } from '../apps/server/src/modules/lives/ingest/stream-hub';
import { benchDatabase } from './bench-database';

const rounds = Number(process.argv[2] ?? 1000);
const SECRET = 'bench-internal-secret-0123456789abcdef';

function figures(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${samples.length} rounds)`;
}

async function timed(round: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 50; i++) await round();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await round();
    samples.push(performance.now() - started);
  }
  return samples;
}

const database = await benchDatabase('ingest-commands', Number(process.env.BENCH_PG_PORT ?? 54401));
const listener = await startInternalListener({
  host: '127.0.0.1',
  port: 0,
  secret: SECRET,
  hub: new StreamHub(),
  commands: { onAir: () => Promise.resolve(), offAir: () => Promise.resolve() },
  log: { warn: () => undefined },
});
const node = new pg.Client({ connectionString: database.url });
const web = new pg.Client({ connectionString: database.url });
try {
  const base = `http://127.0.0.1:${listener.port}`;
  const http = await timed(async () => {
    const response = await fetch(`${base}/lives/1/off-air`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` } });
    if (response.status !== 204) throw new Error(`answered ${response.status}`);
  });
  console.log(`internal HTTP command (POST off-air, 204):      ${figures(http)}`);
  const read = await timed(async () => {
    const response = await fetch(`${base}/streams/1/figures`, { headers: { authorization: `Bearer ${SECRET}` } });
    await response.arrayBuffer();
  });
  console.log(`internal HTTP read (GET figures):               ${figures(read)}`);

  await Promise.all([node.connect(), web.connect()]);
  await node.query('LISTEN ingest_command');
  await web.query('LISTEN ingest_answer');
  node.on('notification', (message) => void node.query('SELECT pg_notify($1, $2)', ['ingest_answer', message.payload]));
  let waiting: (() => void) | null = null;
  web.on('notification', () => waiting?.());
  let sequence = 0;
  const bus = await timed(async () => {
    const answered = new Promise<void>((resolve) => (waiting = resolve));
    await web.query('SELECT pg_notify($1, $2)', ['ingest_command', `off-air:1:${sequence++}`]);
    await answered;
  });
  console.log(`LISTEN/NOTIFY command and its answer:           ${figures(bus)}`);
} finally {
  await Promise.all([node.end().catch(() => undefined), web.end().catch(() => undefined)]);
  await listener.close();
  await database.close();
}
