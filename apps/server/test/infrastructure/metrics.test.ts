import { request as httpRequest } from 'node:http';
import type AVPacket from 'node-media-server/src/core/avpacket.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamHub } from '../../src/modules/lives/ingest/stream-hub';
import { createPerson } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format (0.0.4), sample lines only: `name{label="value",…} number`. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    const raw = match[3]!;
    samples.push({ name: match[1]!, labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return samples;
}

const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));

/** The one sample of that name and labels (a counter never incremented has none: 0). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = matching(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const frame = (keyframe: boolean, size: number): AVPacket => ({ codec_type: 9, codec_id: 7, flags: keyframe ? 3 : 4, pts: 0, dts: 0, size, data: Buffer.alloc(size) });

describe('/metrics (Prometheus, on a listener of its own)', () => {
  let t: TestContext;
  let base: string;
  const scrapeOf = async (context: TestContext) => {
    const response = await fetch(`http://127.0.0.1:${context.app.metrics.port}/metrics`);
    expect(response.status).toBe(200);
    return parse(await response.text());
  };
  const scrape = () => scrapeOf(t);

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  it('answers on the metrics port in the text format, and never on the studio port', async () => {
    const port = t.app.metrics.port;
    expect(port).toBeGreaterThan(0);
    expect(base).not.toContain(`:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parse(await response.text());
    // The process metrics, from this app's own registry.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(matching(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('counts requests by route pattern and status, with a latency histogram of each route', async () => {
    const before = await scrape();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/api/no-such-thing/123`)).status).toBe(404);
    expect((await fetch(`${base}/api/me`)).status).toBe(401);
    expect((await fetch(`${base}/api/channels/41`)).status).toBe(401);
    expect((await fetch(`${base}/api/channels/42`)).status).toBe(401);
    const after = await scrape();
    const moved = (labels: Record<string, string>) => valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels);
    expect(moved({ method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(moved({ method: 'GET', route: '/api/me', status: '401' })).toBe(1);
    // One series for the route, whatever the address: never the raw URL.
    expect(moved({ method: 'GET', route: '/api/channels/:channelId', status: '401' })).toBe(2);
    expect(after.filter((sample) => Object.values(sample.labels).some((value) => /no-such-thing|\/41|\/42/.test(value)))).toEqual([]);

    const route = { method: 'GET', route: '/healthz' };
    const buckets = matching(after, 'http_request_duration_seconds_bucket', route);
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual(['0.001', '0.0025', '0.005', '0.01', '0.02', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
    const counts = buckets.map((bucket) => bucket.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(valueOf(after, 'http_request_duration_seconds_count', route));
    expect(valueOf(after, 'http_request_duration_seconds_count', route) - valueOf(before, 'http_request_duration_seconds_count', route)).toBe(1);
    expect(valueOf(after, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
  });

  it("reads the database pool, the job queues' backlog, and counts jobs completed and failed", async () => {
    const queue = 'metrics.probe';
    await t.app.jobs.work<{ fail: boolean }>(queue, async ({ fail }) => {
      if (fail) throw new Error('asked to fail');
    });
    await t.app.jobs.send(queue, { fail: false }, { startAfter: new Date(Date.now() - 60_000) });
    await t.app.jobs.send(queue, { fail: true }, { retryLimit: 0 });
    await t.app.jobs.send(queue, { fail: false }, { startAfter: new Date(Date.now() + 3_600_000) });

    const waiting = await scrape();
    // The test pool (test/helper.ts): at most 4 connections, none asked for and not given.
    expect(valueOf(waiting, 'db_pool_connections_max')).toBe(4);
    expect(valueOf(waiting, 'db_pool_connections_open')).toBeGreaterThanOrEqual(1);
    expect(valueOf(waiting, 'db_pool_connections_idle')).toBeLessThanOrEqual(valueOf(waiting, 'db_pool_connections_open'));
    expect(valueOf(waiting, 'db_pool_requests_waiting')).toBe(0);
    expect(valueOf(waiting, 'job_queue_due', { queue })).toBe(2);
    expect(valueOf(waiting, 'job_queue_deferred', { queue })).toBe(1);
    // Due for a minute: the job whose start time has passed, not the one queued for later.
    expect(valueOf(waiting, 'job_queue_oldest_due_seconds', { queue })).toBeGreaterThanOrEqual(59);
    expect(valueOf(waiting, 'job_queue_oldest_due_seconds', { queue })).toBeLessThan(3_600);
    expect(valueOf(waiting, 'jobs_completed_total', { queue })).toBe(0);

    expect(await t.app.jobs.drain(queue)).toBe(2);
    const drained = await scrape();
    expect(valueOf(drained, 'jobs_completed_total', { queue })).toBe(1);
    expect(valueOf(drained, 'jobs_failed_total', { queue })).toBe(1);
    expect(valueOf(drained, 'job_queue_due', { queue })).toBe(0);
    expect(valueOf(drained, 'job_queue_deferred', { queue })).toBe(1);
    expect(valueOf(drained, 'job_queue_oldest_due_seconds', { queue })).toBe(0);
  });

  it('counts an upload in flight while its body arrives, and not once the client is gone', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const inFlight = async () => valueOf(await scrape(), 'uploads_in_flight', { protocol: 'multipart' });
    expect(await inFlight()).toBe(0);
    const upload = httpRequest(`${base}/api/applications/profile-image`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=metrics', 'content-length': '1000000' },
    });
    upload.on('error', () => undefined);
    upload.write('--metrics\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
    upload.write(Buffer.alloc(1000));
    await until(async () => (await inFlight()) === 1);
    upload.destroy();
    await until(async () => (await inFlight()) === 0);
  });

  it('shows the publications a stream hub receives, with their bitrates, until they end', async () => {
    const hub = new StreamHub();
    t.app.metrics.watchStreams(hub);
    const disconnect = () => undefined;
    hub.publish(41, disconnect);
    for (let i = 0; i < 25; i++) hub.packet(41, frame(i === 0, 5_000));
    const receiving = await scrape();
    expect(valueOf(receiving, 'live_streams_receiving')).toBe(1);
    // 125,000 bytes over the first second (at most; less if the scrape came later).
    const video = valueOf(receiving, 'live_stream_bitrate_bits_per_second', { stream_key_id: '41', track: 'video' });
    expect(video).toBeGreaterThan(0);
    expect(video).toBeLessThanOrEqual(1_000_000);
    expect(valueOf(receiving, 'live_stream_bitrate_bits_per_second', { stream_key_id: '41', track: 'audio' })).toBe(0);

    hub.unpublish(41, disconnect);
    const ended = await scrape();
    expect(valueOf(ended, 'live_streams_receiving')).toBe(0);
    expect(matching(ended, 'live_stream_bitrate_bits_per_second')).toEqual([]);
  });

  it('reads the notification streams open on this instance', async () => {
    expect(valueOf(await scrape(), 'notification_streams_open')).toBe(t.app.notificationHub.openStreams);
    expect(matching(await scrape(), 'notification_streams_open')).toHaveLength(1);
  });

  it('keeps two apps in one process apart: each its own registry and port', async () => {
    const other = await createTestApp();
    try {
      expect(other.app.metrics.port).not.toBe(t.app.metrics.port);
      const route = { method: 'GET', route: '/healthz', status: '200' };
      const before = valueOf(await scrape(), 'http_requests_total', route);
      for (let i = 0; i < 3; i++) expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(valueOf(await scrapeOf(other), 'http_requests_total', route)).toBe(3);
      expect(valueOf(await scrape(), 'http_requests_total', route)).toBe(before);
    } finally {
      await other.close();
    }
  });
});
