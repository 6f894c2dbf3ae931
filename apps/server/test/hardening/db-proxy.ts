import { createServer, Socket, type AddressInfo } from 'node:net';

export type ProxyMode = 'pass' | 'down' | 'frozen';

type Pair = { client: Socket; upstream: Socket; held: { toUpstream: Buffer[]; toClient: Buffer[] } };

/**
 * A TCP proxy between the app and PostgreSQL that plays the outages a real
 * network has: 'down' resets every connection and every new one, 'frozen'
 * keeps connections open but holds every byte (a hung server or a black-holed
 * route), 'pass' forwards and delivers whatever was held.
 */
export async function startDbProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const pairs = new Set<Pair>();
  let mode: ProxyMode = 'pass';

  const forward = (pair: Pair, direction: 'toUpstream' | 'toClient', chunk: Buffer) => {
    if (mode === 'frozen') {
      pair.held[direction].push(chunk);
      return;
    }
    (direction === 'toUpstream' ? pair.upstream : pair.client).write(chunk);
  };

  const server = createServer((client) => {
    if (mode === 'down') {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    const pair: Pair = { client, upstream, held: { toUpstream: [], toClient: [] } };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => forward(pair, 'toUpstream', chunk));
    upstream.on('data', (chunk) => forward(pair, 'toClient', chunk));
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.connect(Number(target.port || 5432), target.hostname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** The same database URL, through this proxy. */
    url(databaseUrl: string = targetUrl): string {
      const proxied = new URL(databaseUrl);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    },
    get connections(): number {
      return pairs.size;
    },
    setMode(next: ProxyMode) {
      mode = next;
      if (next === 'down') {
        for (const pair of pairs) {
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
        }
        pairs.clear();
      }
      if (next === 'pass') {
        for (const pair of pairs) {
          for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
          for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type DbProxy = Awaited<ReturnType<typeof startDbProxy>>;
