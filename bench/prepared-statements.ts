// `npm run bench:prepared`: what named prepared statements save. The hot reads of the studio's
// repositories run one after another on one connection, once with statements sent unnamed (PostgreSQL
// parses and plans each call) and once named (parsed once per connection, then bound), in alternating
// rounds so the machine's load hits both alike. Prints the median time of a call and the studio
// process's CPU per call. Uses BENCH_DATABASE_URL when set (the database `npm run bench` filled), else
// an embedded PostgreSQL with the demo world.
import { loadavg } from 'node:os';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Db } from '../apps/server/src/db/schema';
import { channelRepository } from '../apps/server/src/modules/channels/channel-repository';
import { managementRepository } from '../apps/server/src/modules/channels/management-repository';
import { liveRepository } from '../apps/server/src/modules/lives/live-repository';
import { notificationRepository } from '../apps/server/src/modules/notifications/notification-repository';
import { seedDemoWorld } from '../apps/server/src/seed/demo';
import { benchDatabase } from './bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const ROUNDS = 4;

const database = await benchDatabase('prepared');
const databaseUrl = database.url;
const setup = createDb(databaseUrl, { max: 1, statementTimeoutMs: 0 });
await migrateToLatest(setup);
await seedDemoWorld(setup, new Date());
const creator = await setup.selectFrom('users').select('id').where('login', '=', 'creator').executeTakeFirstOrThrow();
const channel = await setup.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
await setup.destroy();

const reads: [string, (db: Db) => () => Promise<unknown>][] = [
  ['my channels', (db) => () => channelRepository(db).listForMember(creator.id)],
  ['notification list page 0', (db) => () => notificationRepository(db).list(creator.id, 'ALL', { page: 0, size: 5 })],
  ['management list', (db) => () => managementRepository(db).channels(creator.id, { channelTypes: [], statuses: [], roles: [] }, 0, 10)],
  ['lives list', (db) => () => liveRepository(db).page(channel.id, {}, 0, 30, 'desc')],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const pools = { unnamed: createDb(databaseUrl, { max: 1, prepare: false }), named: createDb(databaseUrl, { max: 1, prepare: true }) };
const times = new Map<string, { unnamed: number[]; named: number[]; cpu: { unnamed: number; named: number } }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 === 0 ? (['unnamed', 'named'] as const) : (['named', 'unnamed'] as const)) {
    for (const [name, make] of reads) {
      const call = make(pools[mode]);
      for (let i = 0; i < 20; i++) await call();
      const entry = times.get(name) ?? { unnamed: [], named: [], cpu: { unnamed: 0, named: 0 } };
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await call();
        entry[mode].push((performance.now() - started) * 1000);
      }
      const cpu = process.cpuUsage(cpuBefore);
      entry.cpu[mode] += (cpu.user + cpu.system) / RUNS / ROUNDS;
      times.set(name, entry);
    }
  }
}
const rows = [...times].map(([name, entry]) => ({
  read: name,
  'unnamed µs (median)': Math.round(median(entry.unnamed)),
  'named µs (median)': Math.round(median(entry.named)),
  saved: `${Math.round((1 - median(entry.named) / median(entry.unnamed)) * 100)}%`,
  'client CPU µs unnamed': Math.round(entry.cpu.unnamed),
  'client CPU µs named': Math.round(entry.cpu.named),
}));
console.log(`${RUNS * ROUNDS} calls per read and mode, one connection, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.table(rows);

await pools.unnamed.destroy();
await pools.named.destroy();
await database.close();
