import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import type { Db } from '../../apps/server/src/db/schema';
import { addMember, createChannel, createPerson, type Person } from '../../apps/server/src/seed/factories';
import { metricSum, NGINX, startBalancer, startObjectStore } from '../../apps/server/test/infrastructure/balancer';
import { startEncoder, type Encoder } from '../../apps/server/test/lives/encoder';
import { filesUnder, spawnServer, stopServers, untilReady, type ServerProcess } from '../../apps/server/test/server-process';
import { e2eDatabaseUrl } from './db';
import { freePort } from './ports';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { keyFromCreateMenu, untilPublicSegment } from './lives';
import { shot } from './screens';

/**
 * Issue 22, point 3, as a person meets it: a real browser through the deployment of docs/deploy.md —
 * Debian's nginx from deploy/nginx/studio.conf.template in front of two `web` instances, one `worker`, a
 * real S3 store (Ceph RGW on memstore) and a database of their own. The browser signs in through the
 * balancer, uploads a loop in two pieces while the instance receiving a piece is killed (the upload
 * resumes through the other), watches the worker process it and plays it; a notification
 * made on one instance reaches it while its stream may be held by the other; the instance holding its
 * stream is killed and the browser carries on through the other: a new notification arrives, the loop
 * plays again. No media file is written to a web instance's disk.
 *
 * And a live, the same way: the creator goes live from the browser (WHIP, handed by a web instance to
 * the ingest node), then from an encoder publishing over RTMP to the ingest node; the studio shows
 * "receiving" and plays the private preview through both web instances; on air, a signed-out viewer
 * watches the public HLS from the bucket through the balancer, and keeps watching while the web
 * instance serving it is killed.
 */
test.describe.configure({ timeout: 420_000 });
// Chromium's fake camera and microphone, granted without a prompt, for the browser broadcast.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
    ],
  },
});
/** The secret web instances and the ingest node share for the node's internal listener. */
const INTERNAL_SECRET = 'balanced-e2e-internal-secret-0123456789';

type Instance = ServerProcess & { metrics: string; dataDir: string };

let dir: string;
let objectStore: Awaited<ReturnType<typeof startObjectStore>> | undefined;
let nginx: ChildProcess | undefined;
let origin: string;
let database: { db: Db; url: string; drop: () => Promise<void> } | undefined;
const webs: Instance[] = [];
let worker: Instance | undefined;
let ingest: (Instance & { rtmpPort: number }) | undefined;
const encoders: Encoder[] = [];
let clip: string;
let startWeb: (port: number) => Promise<Instance>;
/** The data folder of every web instance started, killed ones included. */
const webDataDirs: string[] = [];
/** Every server process this spec started, ready or not. */
const started: ServerProcess[] = [];

const instancesSaid = () =>
  [...webs, ...(worker ? [worker] : []), ...(ingest ? [ingest] : [])].map((instance, index) => `instance ${index} (exit ${instance.child.exitCode ?? instance.child.signalCode ?? 'none'}): ${instance.output().slice(-1200)}`).join('\n');

/** A figure of an instance's own /metrics: the sum of the series of `name` whose labels match. */
const metric = (instance: Instance, name: string, labels?: RegExp) => metricSum(instance.metrics, name, labels);

test.beforeAll(async () => {
  // Ceph, three servers and the first one's migrations, on a slow machine.
  test.setTimeout(300_000);
  expect(existsSync(NGINX), 'nginx (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
  dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-balanced-'));
  objectStore = await startObjectStore(dir, 'studio-e2e-balanced');

  // Over one piece (the browser sends 10 MiB pieces), so the upload takes two requests or more.
  clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'aac', '-shortest', clip]);
  expect(statSync(clip).size).toBeGreaterThan(LOOP_UPLOAD_CHUNK_BYTES * 1.2);

  database = await e2eDatabaseUrl(`balanced_${Date.now().toString(36)}`);
  const [nginxPort, web1Port, web2Port, workerPort, rtmpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  origin = `http://127.0.0.1:${nginxPort}`;
  nginx = await startBalancer(dir, nginxPort, [web1Port, web2Port]);
  const start = async (port: number, roles: string, env: Record<string, string> = {}): Promise<Instance> => {
    const metricsPort = await freePort();
    const dataDir = mkdtempSync(path.join(dir, `${roles}-`));
    // The address encoders are told (docs/deploy.md: the ingest nodes' name): here the one node's port.
    const common = { ROLES: roles, PUBLIC_URL: origin, METRICS_PORT: String(metricsPort), RTMP_INGEST: 'off', RTMP_PUBLIC_URL: `rtmp://127.0.0.1:${rtmpPort}/live`, INGEST_INTERNAL_SECRET: INTERNAL_SECRET, LIVE_RECONNECT_GRACE_SECONDS: '30' };
    const server = spawnServer({ port, databaseUrl: database!.url, dataDir, env: { ...common, ...objectStore!.env, ...env } });
    // Stopped after the run even when start-up fails or times out before the instance is ready.
    started.push(server);
    return { ...(await untilReady(server, 120_000)), metrics: `http://127.0.0.1:${metricsPort}/metrics`, dataDir };
  };
  startWeb = async (port) => {
    const web = await start(port, 'web');
    webDataDirs.push(web.dataDir);
    return web;
  };
  // The first instance migrates the database and makes the account service's keys; the others read them.
  webs.push(await startWeb(web1Port));
  const [second, jobs, node] = await Promise.all([
    startWeb(web2Port),
    start(workerPort, 'worker'),
    start(await freePort(), 'ingest', { RTMP_INGEST: 'embedded', RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1', INGEST_NODE_ID: 'ingest-e2e', INGEST_INTERNAL_PORT: '0' }),
  ]);
  webs.push(second);
  worker = jobs;
  ingest = { ...node, rtmpPort };
  await expect.poll(() => fetch(`${origin}/healthz`).then((response) => response.ok, () => false), { timeout: 10_000 }).toBe(true);
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  // Each step whatever the one before did: a failed drop must not leave Ceph or the folder behind.
  await Promise.all(encoders.map((encoder) => encoder.stop()));
  nginx?.kill('SIGTERM');
  await stopServers(started);
  await database?.drop().catch((error: unknown) => console.warn(`the balanced database was not dropped: ${String(error)}`));
  await objectStore?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Signs `who` in through the balancer's real sign-in pages; answers the browser context, whose requests carry the session. */
async function signedIn(browser: Browser, who: Person): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/studio/');
  await page.locator('input[name="login"]').fill(who.login);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: /^(로그인|Log in)$/ }).click();
  await expect(page).toHaveURL(/\/studio\//);
  await page.close();
  return context;
}

/**
 * Waits until nginx sends requests to `web` (restarted): nginx took a killed instance out for fail_timeout
 * (10 s) and sends it requests again only after; killing the other before then would leave "no live
 * upstreams" (502), as it would in production.
 */
async function untilBalancedTo(web: Instance) {
  await expect
    .poll(async () => {
      await Promise.all([1, 2, 3, 4].map(() => fetch(`${origin}/healthz`)));
      return metric(web, 'http_requests_total', /route="\/healthz"/);
    }, { timeout: 30_000, intervals: [500] })
    .toBeGreaterThan(0);
}

/** Both web instances running behind the balancer: one an earlier test killed comes back on its port, as its service manager would restart it. */
async function bothWebsUp() {
  for (const [index, web] of webs.entries()) {
    if (web.child.exitCode === null && web.child.signalCode === null) continue;
    webs[index] = await startWeb(Number(new URL(web.base).port));
    await untilBalancedTo(webs[index]);
  }
}

/** The page's video (by test id) decodes frames and its clock passes `seconds`. */
async function playingPast(page: Page, testId: string, seconds = 0.2, timeout = 30_000) {
  await expect
    .poll(() => page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.readyState >= 2 ? video.currentTime : 0), { timeout, message: instancesSaid() })
    .toBeGreaterThan(seconds);
}

/** A new stream key made from the create menu's live layer of the channel's home; answers the new live's id (its page is open). */
async function newLive(page: Page, channel: number, name: string): Promise<number> {
  await page.goto(`/studio/channels/${channel}`);
  return keyFromCreateMenu(page, channel, name);
}

/**
 * An invite of `invitee` to a new channel of `inviter`, sent straight to one web instance, not through
 * the balancer (a cookie belongs to the host, whatever the port).
 */
async function inviteThrough(instance: Instance, inviter: { person: Person; request: APIRequestContext }, invitee: Person, channelName: string) {
  const db = database!.db;
  const channel = await createChannel(db, { name: channelName });
  await addMember(db, channel, inviter.person.userId, 'OWNER');
  const created = await inviter.request.post(`${instance.base}/api/channels/${channel}/invites`, { data: { login: invitee.login, role: 'MANAGER' }, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
}

test('a browser through the balancer uploads a loop while the instance receiving it is killed, plays it, is notified, and carries on when the instance holding its stream is killed', async ({ browser }) => {
  const db = database!.db;
  const creator = await createPerson(db, { login: 'balanced-creator', name: '균형 크리에이터' });
  const inviter = { person: await createPerson(db, { login: 'balanced-inviter', name: '초대하는 사람' }), request: undefined as unknown as APIRequestContext };
  const channel = await createChannel(db, { name: '균형 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(db, channel, creator.userId, 'OWNER');

  const inviterContext = await signedIn(browser, inviter.person);
  inviter.request = inviterContext.request;
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    const streamOpened = page.waitForResponse((response) => response.url().includes('/api/my/notifications/stream'));
    // The real sign-in, through the balancer: the account service's page, the code exchange, the session.
    await page.goto(`/studio/channels/${channel}/videos/shorts/upload`);
    await expect(page).toHaveURL(/\/accounts\/interaction\//);
    await page.locator('input[name="login"]').fill(creator.login);
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: /^(로그인|Log in)$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '루프 업로드' })).toBeVisible({ timeout: 20_000 });
    expect((await streamOpened).status()).toBe(200);

    // The upload, piece by piece, sent slowly enough (4 MiB/s) that the instance receiving a piece can be
    // killed while it does: the browser's tus client tries again through the balancer, asks the instance
    // left how far the upload got (the parts already in the bucket) and sends the rest there.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * 1024 * 1024 });
    await page.locator('input[type="file"]').setInputFiles(clip);
    let receiving = -1;
    await expect
      .poll(async () => (receiving = (await Promise.all(webs.map((web) => metric(web, 'uploads_in_flight', /protocol="tus"/)))).findIndex((open) => open > 0)), { timeout: 30_000, intervals: [100] })
      .not.toBe(-1);
    const cutPort = new URL(webs[receiving]!.base).port;
    const left = webs[1 - receiving]!;
    // A piece an instance took whole (204): what failed midway does not count.
    const piecesTaken = /^(?=.*method="PATCH")(?=.*route="[^"]*loops[^"]*")(?=.*status="204")/;
    const piecesLeftBefore = await metric(left, 'http_requests_total', piecesTaken);
    webs[receiving]!.child.kill('SIGKILL');
    await webs[receiving]!.exited;
    await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 180_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // The instance left took the rest of the upload after the kill.
    expect(await metric(left, 'http_requests_total', piecesTaken)).toBeGreaterThan(piecesLeftBefore);
    // The killed instance comes back on its port (as its service manager would restart it).
    webs[receiving] = await startWeb(Number(cutPort));
    await untilBalancedTo(webs[receiving]!);
    // The worker transcoded it; the web instances ran no job.
    expect(await metric(worker!, 'jobs_completed_total', /queue="loop\./)).toBeGreaterThan(0);
    expect(await Promise.all(webs.map((web) => metric(web, 'jobs_completed_total')))).toEqual([0, 0]);

    const video = page.locator('video');
    await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/);
    // The browser plays it from the bucket, through the balancer: it reads its length and its time moves.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 20_000 }).toBeGreaterThan(5);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);

    // A notification made on one instance reaches the browser, whichever instance holds its stream.
    // (The loop's own "processed" notice may be unread already: the count moves by one from where it is.)
    const bell = page.getByRole('button', { name: /^알림/ });
    const unread = async () => Number(/읽지 않은 알림 (\d+)개/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const before = await unread();
    await inviteThrough(webs[0]!, inviter, creator, '첫 초대 채널');
    await expect(bell).toHaveAccessibleName(`알림, 읽지 않은 알림 ${before + 1}개`, { timeout: 20_000 });

    // The instance holding the browser's stream is killed.
    const holding = await Promise.all(webs.map((web) => metric(web, 'notification_streams_open')));
    const victim = holding.findIndex((open) => open > 0);
    expect(victim, `streams open: ${holding.join()}`).toBeGreaterThanOrEqual(0);
    const survivor = webs[1 - victim]!;
    webs[victim]!.child.kill('SIGKILL');
    await webs[victim]!.exited;

    // The browser reconnects through the balancer to the instance left, and hears what is made there.
    await expect.poll(() => metric(survivor, 'notification_streams_open'), { timeout: 30_000, message: instancesSaid() }).toBeGreaterThan(0);
    await inviteThrough(survivor, inviter, creator, '둘째 초대 채널');
    await expect(bell).toHaveAccessibleName(`알림, 읽지 않은 알림 ${before + 2}개`, { timeout: 20_000 });

    // The studio goes on: the page reloads and the loop plays again, all through the instance left.
    await page.reload();
    await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/, { timeout: 20_000 });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 20_000 }).toBeGreaterThan(5);

    // The bucket holds the media; the web instances' disks do not.
    expect((await objectStore!.bucket.list('loops/')).length).toBe(1);
    // Every web instance's folder, the killed ones' too.
    for (const dataDir of webDataDirs) {
      for (const folder of ['media', 'uploads', path.join('run', 'loops')]) {
        expect(filesUnder(path.join(dataDir, folder)), `${dataDir} ${folder}`).toEqual([]);
      }
    }
  } finally {
    await context.close();
    await inviterContext.close();
  }
});

test('a creator goes live through the balancer from the browser and from an encoder; the preview and the public HLS carry on through one web instance, then the other, while each is killed', async ({ browser }) => {
  await bothWebsUp();
  const db = database!.db;
  const creator = await createPerson(db, { login: 'balanced-streamer', name: '균형 방송인' });
  const channel = await createChannel(db, { name: '균형 라이브 채널', channel_type: 'MEDIA_CHANNEL', live_status: 'SERVICE', shorts_status: 'SERVICE' });
  await addMember(db, channel, creator.userId, 'OWNER');
  const context = await signedIn(browser, creator);
  const viewer = await browser.newContext({ baseURL: origin });
  const publishingNode = async (liveId: number) =>
    (await db.selectFrom('lives').innerJoin('stream_keys', 'stream_keys.id', 'lives.stream_key_id').select('stream_keys.publishing_node').where('lives.id', '=', liveId).executeTakeFirstOrThrow()).publishing_node;
  try {
    const page = await context.newPage();

    // From the browser: the offer goes through the balancer to a web instance, which hands it to the ingest node.
    const browserLive = await newLive(page, channel, '브라우저 방송');
    await page.getByTestId('browser-start').click();
    await expect(page.getByTestId('browser-state')).toHaveAttribute('data-phase', 'live', { timeout: 45_000 });
    await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'RECEIVING', { timeout: 45_000 });
    expect(await publishingNode(browserLive)).toBe('ingest-e2e');
    await playingPast(page, 'live-preview');
    // Stopping sends the session's DELETE through the balancer; the node ends it.
    await page.getByTestId('browser-stop').click();
    await expect(page.getByTestId('browser-state')).toHaveAttribute('data-phase', 'idle');
    await expect(page.getByTestId('stream-state')).not.toHaveAttribute('data-reception', 'RECEIVING', { timeout: 20_000 });
    await expect.poll(() => publishingNode(browserLive), { timeout: 20_000 }).toBeNull();

    // From an encoder: the server address and key the page shows, which reach the ingest node.
    const liveId = await newLive(page, channel, '인코더 방송');
    await page.getByRole('button', { name: '보기' }).click();
    const server = await page.getByTestId('ingest-server').inputValue();
    expect(server).toBe(`rtmp://127.0.0.1:${ingest!.rtmpPort}/live`);
    const key = await page.getByTestId('ingest-key').inputValue();
    encoders.push(startEncoder(`${server}/${key}`));
    await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'RECEIVING', { timeout: 30_000 });
    await expect(page.getByTestId('stream-state').getByText('640×360')).toBeVisible();
    await playingPast(page, 'live-preview');
    await page.getByRole('button', { name: '방송 시작' }).click();
    await page.getByRole('dialog', { name: '방송을 시작할까요?' }).getByRole('button', { name: '방송 시작' }).click();
    await expect(page.getByText('방송을 시작했습니다.')).toBeVisible();

    // A signed-out viewer watches the public page through the balancer: HLS from the bucket, once its first segment is there.
    const watching = await viewer.newPage();
    await untilPublicSegment(watching, liveId);
    await watching.goto(`/c/${channel}/live/${liveId}`);
    const publicVideo = watching.locator('video');
    // The viewer's clock; the viewer presses play once the player has its source (muted, so no gesture is needed).
    const clock = () =>
      publicVideo.evaluate((video: HTMLVideoElement) => {
        if (video.paused && video.currentSrc) {
          video.muted = true;
          void video.play().catch(() => undefined);
        }
        return video.readyState >= 2 ? video.currentTime : 0;
      });
    await expect.poll(clock, { timeout: 45_000 }).toBeGreaterThan(0.2).catch(async (error: unknown) => {
      const state = await publicVideo.evaluate((video: HTMLVideoElement) => JSON.stringify({ native: video.canPlayType('application/vnd.apple.mpegurl'), src: video.currentSrc, ready: video.readyState, network: video.networkState, paused: video.paused, error: video.error?.code ?? null, message: video.error?.message ?? null, hls: 'Hls' in window }));
      throw new Error(`the viewer's player: ${state}\n${instancesSaid()}`, { cause: error });
    });
    await shot(watching, 'balanced-public-live-ko-1280');

    // Each web instance in turn is killed while the viewer watches and the creator previews: the viewer's
    // clock keeps moving (its next playlists and segments come through the other), and the studio, reloaded,
    // shows "receiving" and plays the preview through the one left. Then the killed one comes back.
    for (const index of [0, 1]) {
      const victim = webs[index]!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const before = await clock();
      // Past what the player holds ahead (three 1-second segments): it fetched new ones from the instance left.
      await expect.poll(clock, { timeout: 45_000, message: `viewer after instance ${index} was killed\n${instancesSaid()}` }).toBeGreaterThan(before + 10);
      await page.reload();
      await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'RECEIVING', { timeout: 30_000 });
      await playingPast(page, 'live-preview');
      webs[index] = await startWeb(Number(new URL(victim.base).port));
      await untilBalancedTo(webs[index]);
    }
    expect(await publishingNode(liveId)).toBe('ingest-e2e');
    expect((await objectStore!.bucket.list(`live/${liveId}/`)).length).toBeGreaterThan(0);
    // Nothing of a live on a web instance's disk, the killed ones' folders too.
    for (const dataDir of webDataDirs) expect(filesUnder(path.join(dataDir, 'live')), dataDir).toEqual([]);
  } finally {
    await viewer.close();
    await context.close();
  }
});
