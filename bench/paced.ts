// An evenly paced load generator, in a process of its own: `rate` requests a second, one every
// 1/rate s, spread over `connections` keep-alive connections in turn. Open loop, as wrk2 measures:
// each request's latency runs from the moment it was due, not from when it was sent, so a request
// that waited (its connection still busy, the generator late) counts the wait too.
// autocannon's own rate option is not this: each connection sends its share of a second as fast
// as it can at the start of the second, then idles (lib/httpClient.js), so what it reports at
// "1,000 req/s" is the latency inside a burst of 1,000 requests (bench/README.md).
// Argument: JSON { url, cookies, connections, duration, rate, bodiesFile?, warmup? }; with `bodiesFile` (JSON bodies, one a line) each request is a
// POST of the next JSON body in turn. With `warmup` (seconds, 0 by default) the same pace runs that long
// first, answered and counted in `2xx` but not in the latencies: this process's own start (V8 compiling
// its loop, the first writes on each socket) took most of a core for the first half second and showed
// as the run's slowest second, with or without the server busy (bench/VIEWS-RESULTS.md, 2026-11-27).
// Prints { requests, latency, errors, non2xx, 2xx, p99BySecond, lateBySecond, warmupP99 } as JSON; `requests` and
// the latencies are the measured `duration` only.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const options = JSON.parse(process.argv[2] ?? '{}') as { url: string; cookies: string[]; connections: number; duration: number; rate: number; bodiesFile?: string; warmup?: number };
const warmupMs = (options.warmup ?? 0) * 1000;
const url = new URL(options.url);
const interval = 1000 / options.rate;

type Connection = { socket: net.Socket; cookie: string | undefined; request: Buffer; queue: number[]; due: number | undefined; buffer: Buffer };
const latencies: number[] = [];
let errors = 0;
let non2xx = 0;
let ok2xx = 0;
// Latencies by the second of the run each request was due in: where in the run the tail sits (a cold start, a pause).
const bySecond: number[][] = [];
const warmupLatencies: number[] = [];
// The most a request of each second was handed to its connection after it was due (ms).
const lateBySecond: number[] = [];

function requestBytes(cookie: string | undefined, body?: string): Buffer {
  const head = `${body === undefined ? 'GET' : 'POST'} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}`;
  if (body === undefined) return Buffer.from(`${head}\r\n`, 'latin1');
  return Buffer.from(`${head}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, 'utf8');
}
let nextBody = 0;
let start = performance.now();
/** Requests due before this are the warm-up's. */
let measureFrom = start;
const bodies = options.bodiesFile ? readFileSync(options.bodiesFile, 'utf8').split('\n').filter(Boolean) : undefined;

/** The length of the first whole response in `buffer` (content-length or chunked), or 0 while incomplete. */
function responseLength(buffer: Buffer): number {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return 0;
  const head = buffer.subarray(0, end).toString('latin1');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return buffer.length >= end + 4 + Number(length[1]) ? end + 4 + Number(length[1]) : 0;
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buffer.indexOf('\r\n0\r\n\r\n', end);
    return last < 0 ? 0 : last + 7;
  }
  return end + 4;
}

function send(connection: Connection) {
  const due = connection.queue.shift();
  if (due === undefined) return;
  connection.due = due;
  connection.socket.write(bodies?.length ? requestBytes(connection.cookie, bodies[nextBody++ % bodies.length]) : connection.request);
}

const connections: Connection[] = await Promise.all(
  Array.from({ length: options.connections }, (_, index) => {
    const socket = net.connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    const cookie = options.cookies[index % Math.max(1, options.cookies.length)];
    const connection: Connection = { socket, cookie, request: requestBytes(cookie), queue: [], due: undefined, buffer: Buffer.alloc(0) };
    socket.on('data', (chunk: Buffer) => {
      connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
      for (let length = responseLength(connection.buffer); length > 0; length = responseLength(connection.buffer)) {
        const status = Number(connection.buffer.subarray(9, 12).toString('latin1'));
        if (status < 200 || status > 299) non2xx++;
        else ok2xx++;
        connection.buffer = connection.buffer.subarray(length);
        if (connection.due !== undefined) {
          const latency = performance.now() - connection.due;
          if (connection.due < measureFrom) warmupLatencies.push(latency);
          else {
            latencies.push(latency);
            (bySecond[Math.floor((connection.due - measureFrom) / 1000)] ??= []).push(latency);
          }
        }
        connection.due = undefined;
        send(connection);
      }
    });
    socket.on('error', () => errors++);
    return new Promise<Connection>((resolve) => socket.once('connect', () => resolve(connection)));
  }),
);

start = performance.now();
measureFrom = start + warmupMs;
const end = measureFrom + options.duration * 1000;
let next = 0;
await new Promise<void>((resolve) => {
  const tick = () => {
    const now = performance.now();
    // Every request due by now is handed to its connection, stamped with the moment it was due.
    for (let due = start + next * interval; due <= now && due < end; due = start + next * interval) {
      const connection = connections[next % connections.length]!;
      next++;
      // How late this process itself hands the request over (its timer, its own pauses): a slow second
      // whose lateness is as large was this process's, not the server's.
      if (due >= measureFrom) {
        const second = Math.floor((due - measureFrom) / 1000);
        lateBySecond[second] = Math.max(lateBySecond[second] ?? 0, now - due);
      }
      connection.queue.push(due);
      if (connection.due === undefined) send(connection);
    }
    if (now >= end) resolve();
    else setTimeout(tick, Math.max(0, Math.min(interval, start + next * interval - performance.now())));
  };
  tick();
});
// What is still under way gets a moment to finish; what never answers counts as an error.
const settleBy = performance.now() + 2000;
while (connections.some((connection) => connection.due !== undefined || connection.queue.length) && performance.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 10));
errors += connections.reduce((sum, connection) => sum + connection.queue.length + (connection.due === undefined ? 0 : 1), 0);
for (const connection of connections) connection.socket.destroy();

function p99Of(list: number[]): number {
  const ordered = [...list].sort((a, b) => a - b);
  return Number((ordered[Math.min(ordered.length - 1, Math.floor(0.99 * ordered.length))] ?? 0).toFixed(1));
}
const sorted = latencies.sort((a, b) => a - b);
const at = (share: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(2));
process.stdout.write(
  JSON.stringify({
    requests: { total: sorted.length, average: sorted.length / options.duration },
    latency: { p50: at(0.5), p99: at(0.99), max: Number((sorted.at(-1) ?? 0).toFixed(2)) },
    errors,
    non2xx,
    '2xx': ok2xx,
    p99BySecond: bySecond.map(p99Of),
    lateBySecond: lateBySecond.map((late) => Number(late.toFixed(1))),
    warmupP99: warmupLatencies.length ? p99Of(warmupLatencies) : null,
  }),
);
