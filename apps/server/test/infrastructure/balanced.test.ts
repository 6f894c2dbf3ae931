import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../src/seed/factories';
import { formAction, TestBrowser } from '../browser';
import { freePort } from '../global-setup';
import { metricSum, NGINX, startBalancer } from './balancer';
import { createTestDatabase } from '../helper';
import { spawnServer, stopServers, untilReady, type ServerProcess } from '../server-process';

/**
 * The deployment of docs/deploy.md, run for real on one machine (issue 22, point 3): Debian's nginx
 * configured from deploy/nginx/studio.conf.template in front of two `web` instances, one `worker`,
 * all on one PostgreSQL, each with a data folder of its own. Everything goes through the balancer.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Instance = ServerProcess & { metrics: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
let nginx: ChildProcess;
let origin: string;
const webs: Instance[] = [];
let worker: Instance;

async function startInstance(port: number, roles: string): Promise<Instance> {
  const metricsPort = await freePort();
  const dataDir = await mkdtemp(path.join(dir, `${roles}-`));
  const server = spawnServer({ port, databaseUrl: database.url, dataDir, env: { ROLES: roles, PUBLIC_URL: origin, METRICS_PORT: String(metricsPort) } });
  return { ...(await untilReady(server)), metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}

/** What each instance printed, and whether it is still running: the reason when the balancer finds none. */
const instancesSaid = () =>
  [...webs, ...(worker ? [worker] : [])]
    .map((instance, index) => `instance ${index} (exit ${instance.child.exitCode ?? instance.child.signalCode ?? 'none'}): ${instance.output().slice(-1500)}`)
    .join('\n');

/** Requests an instance has answered on its API routes, by its own /metrics. */
function apiRequestsServed(instance: Instance): Promise<number> {
  return metricSum(instance.metrics, 'http_requests_total', /route="\/api\/[^"]*"/);
}

async function signIn(login: string): Promise<TestBrowser> {
  const browser = new TestBrowser(origin);
  const start = await browser.navigate(`/auth/login?continue=${encodeURIComponent(`${origin}/studio/`)}`);
  expect(start.html, `${start.response.status} after ${start.visited.join(' → ')}\n${instancesSaid()}`).toContain('name="login"');
  const done = await browser.navigate(formAction(start.html), { method: 'POST', form: { login, password: 'demo1234' } });
  expect(done.url, done.html.slice(0, 300)).toBe(`${origin}/studio/`);
  return browser;
}

/** A notification stream held through the balancer; `text()` is everything it has sent so far. */
function holdStream(browser: TestBrowser) {
  const controller = new AbortController();
  let text = '';
  const opened = fetch(`${origin}/api/my/notifications/stream`, { headers: { cookie: browser.cookieHeader() }, signal: controller.signal }).then(async (response) => {
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += value;
        }
      } catch {
        // closed by the test
      }
    })();
  });
  return { opened, text: () => text, close: () => controller.abort() };
}

async function eventually(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  expect(existsSync(NGINX), 'nginx (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'studio-balanced-'));
  const [nginxPort, web1Port, web2Port, workerPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  origin = `http://127.0.0.1:${nginxPort}`;

  nginx = await startBalancer(dir, nginxPort, [web1Port, web2Port]);

  // The first instance makes the account service's keys; the others read them.
  webs.push(await startInstance(web1Port, 'web'));
  const [second, jobs] = await Promise.all([startInstance(web2Port, 'web'), startInstance(workerPort, 'worker')]);
  webs.push(second);
  worker = jobs;
  await eventually(async () => (await fetch(`${origin}/healthz`).then((response) => response.ok, () => false)), 10_000, 'nginx listening');

  await createPerson(database.db, { login: 'creator', name: '김크리에이터' });
  await createPerson(database.db, { login: 'operator', name: '운영자', isOperator: true });
}, 180_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await stopServers([...webs, ...(worker ? [worker] : [])]);
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('two web instances and a worker behind nginx', () => {
  it('signs in through the balancer, with the sign-in and the API answered by both instances', async () => {
    const before = await Promise.all(webs.map(apiRequestsServed));
    const browser = await signIn('creator');
    for (let i = 0; i < 10; i += 1) {
      const me = await browser.request('/api/me', { accept: 'application/json' });
      expect(me.status).toBe(200);
      expect(me.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(await me.json()).toMatchObject({ login: 'creator' });
    }
    const after = await Promise.all(webs.map(apiRequestsServed));
    const nginxErrors = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
    expect([after[0]! - before[0]!, after[1]! - before[1]!].every((served) => served > 0), `served ${before.join()} → ${after.join()}\nnginx: ${nginxErrors.slice(-1500)}\n${instancesSaid()}`).toBe(true);
    // Round robin: each instance answered some of the ten, none all of them.
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
  });

  it('a broadcast sent through one instance is delivered by the worker to a stream held on either', async () => {
    const creator = await signIn('creator');
    const operator = await signIn('operator');
    const streams = [holdStream(creator), holdStream(creator)];
    await Promise.all(streams.map((stream) => stream.opened));
    const sent = await operator.request('/api/operator/notifications/broadcast', { method: 'POST', accept: 'application/json', json: { message: '균형 점검 안내' } });
    expect(sent.status, await sent.clone().text()).toBe(202);
    await eventually(() => streams.every((stream) => stream.text().includes('균형 점검 안내')), 20_000, 'the broadcast on both streams');
    for (const stream of streams) stream.close();
    // The web instances run no jobs: the worker delivered it.
    const ran = async (instance: Instance) => /^jobs_completed_total\{queue="operator\.broadcast"\} [1-9]/m.test(await (await fetch(instance.metrics)).text());
    expect(await ran(worker)).toBe(true);
    expect(await Promise.all(webs.map(ran))).toEqual([false, false]);
  });

  it('carries on through the other instance when one is killed', async () => {
    const browser = await signIn('creator');
    webs[0]!.child.kill('SIGKILL');
    await webs[0]!.exited;
    for (let i = 0; i < 10; i += 1) {
      const me = await browser.request('/api/me', { accept: 'application/json' });
      expect(me.status).toBe(200);
    }
    // A new stream opens on the instance left.
    const stream = holdStream(browser);
    await stream.opened;
    await eventually(() => stream.text().includes('event: unread'), 5_000, 'a stream after the kill');
    stream.close();
  });
});
