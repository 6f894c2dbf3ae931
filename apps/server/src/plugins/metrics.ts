import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolUse } from '../db/database';
import { jobQueueRepository, type QueueBacklog } from '../jobs/job-queue-repository';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** What the rest of the server tells the metrics. With METRICS_PORT=off every call does nothing. */
export type Metrics = {
  /** The metrics listener's port once the app is ready (the one chosen when METRICS_PORT=0); null when off. */
  readonly port: number | null;
  /** A job's handler ended: `completed`, or `failed` (it threw, and pg-boss retries it or gives up). */
  jobEnded(queue: string, outcome: 'completed' | 'failed'): void;
  /** A request to the object store failed for a reason of the store's, not of the caller's (media/stores/). */
  storeRequestFailed(store: string, operation: string): void;
  /** The embedded ingest's stream hub, whose publications are read at each scrape. */
  watchStreams(hub: StreamSource): void;
};

/** What the metrics read of modules/lives/ingest/stream-hub.ts: its publications come and go by event. */
export type StreamSource = {
  on(event: 'publish' | 'unpublish', listener: (streamKeyId: number) => void): unknown;
  stats(streamKeyId: number): { snapshot(now: number): { videoKbps: number; audioKbps: number } } | null;
};

/** Request latencies from 1 ms (a read served from memory) to 10 s; the hot-path budget is 20 ms at p99. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Request bodies that are uploads: a tus piece of a loop (PATCH), an image form. */
const uploadProtocol = (contentType: string | undefined): 'tus' | 'multipart' | null => {
  if (contentType === undefined) return null;
  if (contentType === 'application/offset+octet-stream') return 'tus';
  return contentType.startsWith('multipart/form-data') ? 'multipart' : null;
};

const inactive: Metrics = { port: null, jobEnded() {}, storeRequestFailed() {}, watchStreams() {} };

/**
 * Prometheus' text format at `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT,
 * loopback by default), never on the studio's port: it tells route volumes, which are nobody's
 * business outside. Each app has its own registry, not prom-client's global one, so apps built in
 * one process (tests) count apart. Per request only two counters move (in hooks that never wait);
 * everything else — the pool, the job queues, streams, notification streams — is read at scrape time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.metrics;
    if (!settings) {
      app.decorate('metrics', inactive);
      return;
    }
    const registry = new Registry();
    const registers = [registry];
    collectDefaultMetrics({ register: registry });

    // Keyed by the route's pattern, never the address asked for: one series per route, whatever is sent.
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern ("unmatched" for none) and status', labelNames: ['method', 'route', 'status'], registers });
    const duration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time from a request arriving to its answer having been sent, by route pattern', labelNames: ['method', 'route'], buckets: DURATION_BUCKETS, registers });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: reply.statusCode });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });

    const uploads = new Gauge({ name: 'uploads_in_flight', help: 'Upload bodies being received now: tus (a loop, piece by piece) or multipart (an image)', labelNames: ['protocol'], registers });
    app.addHook('onRequest', (request, reply, done) => {
      const protocol = uploadProtocol(request.headers['content-type']);
      if (protocol && request.routeOptions.url !== undefined) {
        uploads.inc({ protocol });
        // 'close' comes however the answer ends: sent, refused, or the client gone mid-body.
        reply.raw.once('close', () => uploads.dec({ protocol }));
      }
      done();
    });

    const pool = (read: (use: NonNullable<ReturnType<typeof poolUse>>) => number) =>
      function (this: Gauge) {
        const use = poolUse(app.db);
        if (use) this.set(read(use));
      };
    new Gauge({ name: 'db_pool_connections_max', help: 'Connections the database pool may open', registers, collect: pool((use) => use.max) });
    new Gauge({ name: 'db_pool_connections_open', help: 'Connections the database pool holds open, idle or in use', registers, collect: pool((use) => use.open) });
    new Gauge({ name: 'db_pool_connections_idle', help: 'Open connections of the database pool that nothing uses', registers, collect: pool((use) => use.idle) });
    new Gauge({ name: 'db_pool_requests_waiting', help: 'Queries waiting for a connection of the database pool', registers, collect: pool((use) => use.waiting) });

    // One read of pg-boss's tables per scrape, shared by the three gauges (a scrape collects them at once).
    const queues = jobQueueRepository(app.db);
    let reading: Promise<QueueBacklog[]> | undefined;
    const backlogs = () =>
      (reading ??= queues
        .backlogs()
        .catch((error: unknown) => {
          // The gauges are left out of this scrape (an outage shows as their absence); the rest is served.
          app.log.warn({ err: error }, 'metrics: could not read the job queues');
          return [];
        })
        .finally(() => (reading = undefined)));
    const backlog = (read: (queue: QueueBacklog) => number) =>
      async function (this: Gauge) {
        this.reset();
        for (const queue of await backlogs()) this.set({ queue: queue.queue }, read(queue));
      };
    new Gauge({ name: 'job_queue_due', help: 'Jobs due now and waiting for a worker, by queue', labelNames: ['queue'], registers, collect: backlog((queue) => queue.due) });
    new Gauge({ name: 'job_queue_deferred', help: 'Jobs queued for later (a start time, a retry back-off), by queue', labelNames: ['queue'], registers, collect: backlog((queue) => queue.deferred) });
    new Gauge({ name: 'job_queue_oldest_due_seconds', help: 'How long the longest-waiting due job has been due, by queue (0 when none is)', labelNames: ['queue'], registers, collect: backlog((queue) => queue.oldestDueSeconds) });
    const completed = new Counter({ name: 'jobs_completed_total', help: "Jobs whose handler ended without an error, on this instance's workers, by queue", labelNames: ['queue'], registers });
    const failed = new Counter({ name: 'jobs_failed_total', help: "Jobs whose handler threw (retried, or failed for good), on this instance's workers, by queue", labelNames: ['queue'], registers });

    // The stream keys each hub said are publishing; what it still has stats for is being received.
    const hubs: { hub: StreamSource; streams: Set<number> }[] = [];
    /** The publications being received now, with their bitrates of the last seconds. */
    const receiving = () => {
      const now = Date.now();
      const found: { streamKeyId: number; videoKbps: number; audioKbps: number }[] = [];
      for (const { hub, streams } of hubs) {
        for (const streamKeyId of streams) {
          const snapshot = hub.stats(streamKeyId)?.snapshot(now);
          if (snapshot) found.push({ streamKeyId, videoKbps: snapshot.videoKbps, audioKbps: snapshot.audioKbps });
        }
      }
      return found;
    };
    new Gauge({
      name: 'live_streams_receiving',
      help: 'Publications the embedded RTMP ingest is receiving now',
      registers,
      collect() {
        this.set(receiving().length);
      },
    });
    new Gauge({
      name: 'live_stream_bitrate_bits_per_second',
      help: 'Bitrate of each publication being received, over the last seconds, by stream key id and track',
      labelNames: ['stream_key_id', 'track'],
      registers,
      collect() {
        this.reset();
        for (const stream of receiving()) {
          this.set({ stream_key_id: stream.streamKeyId, track: 'video' }, stream.videoKbps * 1000);
          this.set({ stream_key_id: stream.streamKeyId, track: 'audio' }, stream.audioKbps * 1000);
        }
      },
    });

    new Gauge({
      name: 'notification_streams_open',
      help: 'Notification streams (Server-Sent Events) open on this instance',
      registers,
      collect() {
        if (app.hasDecorator('notificationHub')) this.set(app.notificationHub.openStreams);
      },
    });

    const storeErrors = new Counter({ name: 'object_store_request_errors_total', help: 'Requests to the object store that failed, by store kind and operation', labelNames: ['store', 'operation'], registers });

    const server: Server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    let port: number | null = null;

    app.decorate('metrics', {
      get port() {
        return port;
      },
      jobEnded(queue, outcome) {
        (outcome === 'completed' ? completed : failed).inc({ queue });
      },
      storeRequestFailed(store, operation) {
        storeErrors.inc({ store, operation });
      },
      watchStreams(hub) {
        const streams = new Set<number>();
        hubs.push({ hub, streams });
        hub.on('publish', (streamKeyId) => streams.add(streamKeyId));
        hub.on('unpublish', (streamKeyId) => streams.delete(streamKeyId));
      },
    } satisfies Metrics);

    // Listening from ready (app.listen() and tests alike) to close: nothing is served before the app could answer.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => {
          reject(error.code === 'EADDRINUSE' ? new Error(`METRICS_PORT ${settings.port} is already in use: stop what listens there, set METRICS_PORT to a free port, or METRICS_PORT=off`) : error);
        });
        server.listen(settings.port, settings.host, () => resolve());
      });
      // Once listening, a failed accept (out of file descriptors) is told here, not thrown.
      server.on('error', (error) => app.log.warn({ err: error }, 'metrics listener error'));
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : settings.port;
      app.log.info({ port, host: settings.host }, 'metrics listening');
    });
    // First, as the ingest's listener: a scrape during shutdown would read a pool and hubs being closed.
    app.addHook('preClose', async () => {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
