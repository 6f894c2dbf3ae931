// The load generator, in a process of its own (never the server's): autocannon, with each of its
// connections signed in as one of the given sessions in turn, so a route can be loaded by many people.
// Argument: JSON { url, cookies, connections, duration, rate?, bodies? }; with `bodiesFile` (JSON bodies, one a line) each request is
// a POST of the next JSON body in turn. Prints autocannon's result as JSON.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as { url: string; cookies: string[]; connections: number; duration: number; rate?: number; bodiesFile?: string };
let next = 0;
let nextBody = 0;
const bodies = options.bodiesFile ? readFileSync(options.bodiesFile, 'utf8').split('\n').filter(Boolean) : undefined;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  ...(options.rate ? { overallRate: options.rate } : {}),
  ...(bodies?.length
    ? {
        headers: { 'content-type': 'application/json' },
        requests: [{ method: 'POST' as const, setupRequest: (request) => ({ ...request, body: bodies[nextBody++ % bodies.length] }) }],
      }
    : {}),
  setupClient: (client) => {
    const cookie = options.cookies[next++ % Math.max(1, options.cookies.length)];
    if (cookie) client.setHeaders({ cookie });
  },
});
process.stdout.write(JSON.stringify(result));
