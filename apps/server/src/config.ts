import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { z } from 'zod';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import { RESTREAM_RETRY_ATTEMPTS, RESTREAM_RETRY_FIRST_MS, RESTREAM_RETRY_MAX_MS } from '@studio/contract/restream';
import { VIEW_BEACON_REQUESTS_PER_ADDRESS_PER_MINUTE, VIEW_BEACON_REQUESTS_PER_VIEWER_PER_MINUTE, VIEW_EVENTS_KEEP_DAYS } from '@studio/contract/views';
import { resolveMediaTools } from './media/media-tool-paths';
import type { MediaTools } from './media/media-tools';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Chosen so a database outage answers within 2 s (docs/decisions/010-database-faults.md). */
export const DEFAULT_DB_CONNECT_TIMEOUT_MS = 500;
export const DEFAULT_DB_STATEMENT_TIMEOUT_MS = 1000;

const url = z.url({ protocol: /^https?$/ });

/** What one instance does (ROLES): serve HTTP, run the jobs and sweeps, receive RTMP. */
export const ROLE_NAMES = ['web', 'worker', 'ingest'] as const;
export type Role = (typeof ROLE_NAMES)[number];
const isRole = (name: string): name is Role => (ROLE_NAMES as readonly string[]).includes(name);

/** A comma-separated list of roles, answered in the order of ROLE_NAMES without repeats. */
const roleList = z.string().transform((value, ctx) => {
  const named = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = named.filter((name) => !isRole(name));
  if (named.length === 0 || unknown.length > 0) {
    const which = unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : '';
    ctx.addIssue({ code: 'custom', message: `one or more of ${ROLE_NAMES.join(', ')}, separated by commas${which}` });
    return z.NEVER;
  }
  return ROLE_NAMES.filter((role) => named.includes(role));
});

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    ROLES: roleList.default(['web', 'worker', 'ingest']),
    PUBLIC_URL: url.optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65_535).default(54_329),
    DATA_DIR: z.string().min(1).default('./data'),
    // No default here: production turns it off by default and refuses it when asked for.
    DEMO: bool.optional(),
    OIDC_ISSUER: url.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    // The account service's own account page, linked from the profile; the bundled one's is known.
    OIDC_ACCOUNT_URL: url.optional(),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 14),
    SESSION_IDLE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(72),
    AUTH_START_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    ACCOUNT_PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .refine((value) => value >= 1_024 && value <= 131_072 && (value & (value - 1)) === 0, 'a power of two from 1024 to 131072')
      .optional(),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_DB_CONNECT_TIMEOUT_MS),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_DB_STATEMENT_TIMEOUT_MS),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    LOOP_MAX_BYTES: z.coerce.number().int().min(1_000).max(20 * 1024 ** 3).default(500 * 1024 * 1024),
    LOOP_MAX_SECONDS: z.coerce.number().int().min(1).max(3_600).default(180),
    LOOP_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
    LOOP_LEASE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(30),
    LOOP_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
    // Bounds on what one person holds unfinished (docs/decisions/028-loop-upload-bounds.md).
    LOOP_UNFINISHED_MAX: z.coerce.number().int().min(1).max(100).default(3),
    /** Default: twice LOOP_MAX_BYTES (set in loadConfig, which knows it). */
    LOOP_UNFINISHED_MAX_BYTES: z.coerce.number().int().min(1_000).max(200 * 1024 ** 3).optional(),
    LOOP_UPLOAD_IDLE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
    LOOP_UPLOAD_STARTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    LOOP_UPLOAD_CHUNKS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    // Address space of one ffprobe or thumbnail run, and of one transcode or live remux (media-tools.ts);
    // below 384 MB ffmpeg cannot even load its libraries.
    MEDIA_PROBE_MEMORY_MB: z.coerce.number().int().min(384).max(65_536).default(512),
    MEDIA_WORK_MEMORY_MB: z.coerce.number().int().min(384).max(65_536).default(2048),
    // 0 asks the system for a free port (tests); 'off' for RTMP_INGEST leaves ingest to nginx (docs/nginx-rtmp.md).
    RTMP_PORT: z.coerce.number().int().min(0).max(65_535).default(1935),
    RTMP_HOST: z.string().min(1).default('0.0.0.0'),
    RTMP_INGEST: z.enum(['embedded', 'off']).default('embedded'),
    /** The server address OBS is told, e.g. rtmp://live.example.com:1935/live (default: PUBLIC_URL's host). */
    RTMP_PUBLIC_URL: z.url({ protocol: /^rtmps?$/ }).optional(),
    /** Shared secret of the nginx-rtmp callbacks (on_publish?token=...); without it the callbacks answer 403. */
    INGEST_CALLBACK_TOKEN: z.string().min(16).optional(),
    LIVE_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Wrong stream keys one address may try a minute (embedded ingest and nginx's on_publish alike); then it waits. */
    STREAM_KEY_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    RTMP_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
    RTMP_PUBLISH_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    // A message's length has 3 bytes in RTMP: 16 MiB - 1 is the most any client can declare.
    RTMP_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024 * 1024).max(0xff_ffff).default(8 * 1024 * 1024),
    /**
     * Ingest nodes past one machine (decision 050). An ingest node registers itself in PostgreSQL under
     * INGEST_NODE_ID (default: this host and RTMP port) and renews a heartbeat every
     * INGEST_HEARTBEAT_SECONDS; past INGEST_NODE_TIMEOUT_SECONDS without one it is dead, and its streams
     * are let go. Web instances reach a node that holds a stream on its internal listener
     * (INGEST_INTERNAL_PORT on INGEST_INTERNAL_HOST, announced as INGEST_INTERNAL_URL), authenticated with
     * INGEST_INTERNAL_SECRET; never open it to the public.
     */
    INGEST_NODE_ID: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, '1 to 64 letters, digits, dots, colons, underscores and hyphens').optional(),
    INGEST_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(3),
    INGEST_NODE_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
    INGEST_INTERNAL_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    INGEST_INTERNAL_HOST: z.string().min(1).default('127.0.0.1'),
    INGEST_INTERNAL_URL: url.optional(),
    INGEST_INTERNAL_SECRET: z.string().min(32, 'at least 32 characters (openssl rand -hex 32)').optional(),
    /** Issue 24, point 2: WHIP sessions (browser broadcasts) one ingest instance holds at once; each costs an ffmpeg (Opus to AAC). */
    WHIP_MAX_SESSIONS: z.coerce.number().int().min(0).max(1000).default(20),
    /**
     * Addresses a WHIP session announces besides the ones of this machine's interfaces (a 1:1 NAT's public
     * address, a load balancer's), comma-separated IP literals; and the UDP ports its sessions take
     * ("40000-40999"), so a firewall can open exactly those. Unset: interface addresses, any free port.
     */
    WHIP_PUBLIC_ADDRESSES: z
      .string()
      .transform((text) => text.split(',').map((part) => part.trim()).filter(Boolean))
      .refine((list) => list.every((address) => isIP(address) !== 0), 'comma-separated IP addresses (IPv4 or IPv6 literals)')
      .optional(),
    WHIP_UDP_PORTS: z
      .string()
      .regex(/^\d{1,5}-\d{1,5}$/, 'a range of UDP ports, "first-last"')
      .transform((text) => text.split('-').map(Number) as [number, number])
      .refine(([first, last]) => first >= 1024 && last <= 65_535 && first <= last, 'first-last within 1024-65535, first not above last')
      .optional(),
    /** Issue 24, point 3: a failed restream target's first wait, its longest, and the failures in a row before it gives up. */
    RESTREAM_RETRY_FIRST_MS: z.coerce.number().int().min(100).max(600_000).default(RESTREAM_RETRY_FIRST_MS),
    RESTREAM_RETRY_MAX_MS: z.coerce.number().int().min(100).max(3_600_000).default(RESTREAM_RETRY_MAX_MS),
    RESTREAM_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(RESTREAM_RETRY_ATTEMPTS),
    /** Whether a restream target may be a literal address of this machine or a private network (off: no forwarding inward). */
    RESTREAM_LOCAL_TARGETS: bool.default(false),
    /** Hot reads from memory (plugins/read-cache.ts); false sends every read to the database. */
    READ_CACHE: bool.default(true),
    /** Issue 23: beacon requests per viewer id and per client address a minute; the roll-up's period; days raw events are kept. */
    VIEW_BEACONS_PER_VIEWER_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(VIEW_BEACON_REQUESTS_PER_VIEWER_PER_MINUTE),
    VIEW_BEACONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(VIEW_BEACON_REQUESTS_PER_ADDRESS_PER_MINUTE),
    VIEW_ROLLUP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
    VIEW_EVENTS_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(VIEW_EVENTS_KEEP_DAYS),
    /** Where media lives (media/stores/): `disk` under DATA_DIR, or an S3-compatible bucket (docs/decisions/031-object-store.md). */
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    /** Omitted: AWS S3 in S3_REGION. */
    S3_ENDPOINT: url.optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'a region name such as us-east-1').default('us-east-1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Default: true with S3_ENDPOINT (RGW, MinIO and most compatible stores), false for AWS S3. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /**
     * Prometheus' /metrics on a listener of its own, never on PORT: it tells route volumes, so it stays
     * on loopback or a private network. 0 asks the system for a free port (tests); 'off' serves none.
     */
    METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65_535)], { error: 'a port from 0 to 65535, or off' }).default(9464),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when OIDC_ISSUER is set' });
      }
    }
    if (env.NODE_ENV === 'production' && env.DEMO) {
      // Whatever the database: an embedded one in production is still production, and demo1234 opens it.
      ctx.addIssue({ code: 'custom', path: ['DEMO'], message: 'the demo world is never seeded in production: remove DEMO or set DEMO=false' });
    }
    if (env.LOOP_UNFINISHED_MAX_BYTES !== undefined && env.LOOP_UNFINISHED_MAX_BYTES < env.LOOP_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['LOOP_UNFINISHED_MAX_BYTES'], message: `at least LOOP_MAX_BYTES (${env.LOOP_MAX_BYTES}), or a file of the largest size could never be uploaded` });
    }
    // A whole upload of the largest size, in the browser's pieces, must fit in one minute's allowance.
    const pieces = Math.ceil(env.LOOP_MAX_BYTES / LOOP_UPLOAD_CHUNK_BYTES);
    if (env.LOOP_UPLOAD_CHUNKS_PER_MINUTE < pieces) {
      ctx.addIssue({ code: 'custom', path: ['LOOP_UPLOAD_CHUNKS_PER_MINUTE'], message: `at least ${pieces}: a file of LOOP_MAX_BYTES is that many pieces of ${LOOP_UPLOAD_CHUNK_BYTES} bytes` });
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STORAGE=s3' });
      }
    }
    if (env.METRICS_PORT !== 'off' && env.METRICS_PORT !== 0 && (env.METRICS_PORT === env.PORT || env.METRICS_PORT === env.RTMP_PORT)) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'another port than PORT and RTMP_PORT: /metrics is never served beside the studio' });
    }
    if (env.INGEST_NODE_TIMEOUT_SECONDS < 2 * env.INGEST_HEARTBEAT_SECONDS) {
      ctx.addIssue({ code: 'custom', path: ['INGEST_NODE_TIMEOUT_SECONDS'], message: `at least twice INGEST_HEARTBEAT_SECONDS (${2 * env.INGEST_HEARTBEAT_SECONDS}), or one late heartbeat declares a node dead` });
    }
    if (env.INGEST_INTERNAL_PORT !== undefined && !env.INGEST_INTERNAL_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['INGEST_INTERNAL_SECRET'], message: 'required when INGEST_INTERNAL_PORT is set: the internal listener answers only requests that carry it' });
    }
    if (env.INGEST_INTERNAL_PORT !== undefined && !env.INGEST_INTERNAL_URL && ['0.0.0.0', '::'].includes(env.INGEST_INTERNAL_HOST)) {
      ctx.addIssue({ code: 'custom', path: ['INGEST_INTERNAL_URL'], message: 'required when INGEST_INTERNAL_HOST listens on every address: the address web instances reach this node at' });
    }
    const ingestAlone = env.ROLES.includes('ingest') && !env.ROLES.includes('web') && env.RTMP_INGEST === 'embedded';
    if (ingestAlone && env.INGEST_INTERNAL_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['INGEST_INTERNAL_PORT'], message: 'required for an ingest without the web role: web instances reach its streams there' });
    }
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST !== undefined && env.PASSWORD_HASH_COST < 16_384) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'tests only: production never hashes below 16384' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  /**
   * What this instance does, in the order web, worker, ingest (docs/ARCHITECTURE.md, section 1):
   * `web` the HTTP routes, `worker` every job handler and periodic task, `ingest` the embedded RTMP
   * listener (or nginx's callbacks) and its HLS recording. Every role answers /healthz and /readyz.
   */
  roles: Role[];
  port: number;
  host: string;
  /** The origin browsers reach the studio at, without a trailing slash. */
  publicUrl: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  dataDir: string;
  demo: boolean;
  oidc: {
    /** The bundled account service is the issuer unless OIDC_ISSUER names another. */
    bundled: boolean;
    issuer: string;
    clientId: string;
    clientSecret: string | undefined;
    /** The account service's account page (name, image, password), linked from /profile/my; null: no link. */
    accountUrl: string | null;
  };
  sessionTtlHours: number;
  /** A studio session unused this long ends, whatever its absolute lifetime. */
  sessionIdleHours: number;
  /** Sign-in starts (/auth/login) allowed per client address and minute; each one stores a pending request. */
  authStartRateLimitPerMinute: number;
  /** How often the bundled account service's expired OpenID rows are deleted (accounts/oidc-payload-purge.ts). */
  accountPurgeIntervalSeconds: number;
  /** Login form posts allowed per client address and minute (on top of the per-account lockout). */
  loginRateLimitPerMinute: number;
  /** Image uploads allowed per person and minute, on each route that takes one. */
  uploadRateLimitPerMinute: number;
  database: { connectTimeoutMs: number; statementTimeoutMs: number };
  /** After a stop signal, the process exits non-zero if draining has not finished by then. */
  shutdownTimeoutMs: number;
  logLevel: string;
  /** Where Prometheus scrapes /metrics (plugins/metrics.ts); null with METRICS_PORT=off. */
  metrics: { port: number; host: string } | null;
  /** Hot reads served from memory until the database announces a change (plugins/read-cache.ts). */
  readCache: boolean;
  /**
   * Counting views (modules/views/): beacon requests allowed per viewer id and per client address a
   * minute, how often the roll-up job runs, and how many days whole partitions of raw events are kept.
   */
  views: { perViewerPerMinute: number; perAddressPerMinute: number; rollupSeconds: number; keepDays: number };
  /**
   * Loop uploads: the largest file and the longest clip taken. A transcode holds a lease renewed while
   * it runs; one whose lease ran out (its instance died) is handed back to the queue by a sweep every
   * `sweepSeconds` (modules/loops/loop-lease-sweep.ts).
   */
  loops: {
    maxBytes: number;
    maxSeconds: number;
    workers: number;
    leaseSeconds: number;
    sweepSeconds: number;
    /** Unfinished uploads per person at once, and the bytes they may declare together. */
    maxUnfinished: number;
    maxUnfinishedBytes: number;
    /** An unfinished upload that receives nothing this long is removed with its files. */
    idleHours: number;
    /** Per person and minute: uploads started (tus creation) and pieces sent (tus PATCH). */
    startsPerMinute: number;
    chunksPerMinute: number;
  };
  /**
   * ffmpeg and ffprobe for loops and lives alike (media/media-tool-paths.ts): as configured, else
   * Debian's, else on PATH; `missing` stops start-up with what to install. Each run is bounded by
   * prlimit and nice, `memoryMb` of address space by kind of work (media/media-tools.ts).
   */
  mediaTools: MediaTools & { missing: string[] };
  /** Where media lives: local disk under `dataDir`, or an S3-compatible bucket (media/stores/). */
  storage: StorageConfig;
  live: {
    /** The embedded RTMP ingest, or none (nginx-rtmp calls the ingest callbacks). */
    ingest: 'embedded' | 'off';
    rtmpPort: number;
    rtmpHost: string;
    /** What OBS is told as "Server"; the port part follows the listening port when it was 0. */
    rtmpPublicUrl: string | undefined;
    ingestCallbackToken: string | undefined;
    reconnectGraceSeconds: number;
    /** Failed stream key attempts per client address and minute; past them the address is refused unheard. */
    keyAttemptsPerMinute: number;
    /** What one RTMP connection may cost (ingest/guarded-rtmp.ts). */
    rtmp: {
      /** Connections one address may hold open at once. */
      connectionsPerAddress: number;
      /** From connecting to an accepted publish: past it the connection is closed. */
      publishDeadlineSeconds: number;
      /** The largest message (a video keyframe) an accepted publisher may send. */
      maxMessageBytes: number;
    };
    /** This ingest node in the registry (decision 050) and its internal listener, when configured. */
    node: {
      id: string;
      heartbeatSeconds: number;
      timeoutSeconds: number;
      /** The listener web instances reach this node's streams at; null: none (one process, or web only). */
      internal: { port: number; host: string; url: string | undefined } | null;
      /** What web instances and this node's listener present to each other; null: no remote node is reachable. */
      secret: string | null;
    };
    /** WHIP sessions this instance holds at once (ingest/whip-ingest.ts); 0 turns WHIP off. */
    whipMaxSessions: number;
    /** What WHIP sessions announce besides this machine's interface addresses (WHIP_PUBLIC_ADDRESSES). */
    whipPublicAddresses: string[];
    /** The UDP ports WHIP sessions take (WHIP_UDP_PORTS); undefined: any free port. */
    whipUdpPorts: [number, number] | undefined;
    /** Restreaming's retries (ingest/restream-forwarder.ts) and whether targets may be local addresses. */
    restream: { retry: { firstMs: number; maxMs: number; attempts: number }; allowLocalTargets: boolean };
  };
};

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      /** Undefined: AWS S3 in `region`. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the environment once, validates it and fails with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const got = typeof present[key] === 'string' ? ` (got "${present[key]}")` : '';
        return `${key}: ${issue.message}${got}`;
      }),
    );
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  const bundled = !value.OIDC_ISSUER;
  return {
    env: value.NODE_ENV,
    roles: value.ROLES,
    port: value.PORT,
    host: value.HOST,
    publicUrl,
    databaseUrl: value.DATABASE_URL,
    embeddedPgPort: value.EMBEDDED_PG_PORT,
    dataDir: value.DATA_DIR,
    demo: value.DEMO ?? value.NODE_ENV !== 'production',
    oidc: {
      bundled,
      issuer: (value.OIDC_ISSUER ?? `${publicUrl}/accounts`).replace(/\/+$/, ''),
      clientId: value.OIDC_CLIENT_ID ?? 'studio',
      clientSecret: value.OIDC_CLIENT_SECRET,
      accountUrl: value.OIDC_ACCOUNT_URL ?? (bundled ? `${publicUrl}/accounts/account` : null),
    },
    sessionTtlHours: value.SESSION_TTL_HOURS,
    sessionIdleHours: value.SESSION_IDLE_HOURS,
    authStartRateLimitPerMinute: value.AUTH_START_RATE_LIMIT_PER_MINUTE,
    accountPurgeIntervalSeconds: value.ACCOUNT_PURGE_INTERVAL_SECONDS,
    loginRateLimitPerMinute: value.LOGIN_RATE_LIMIT_PER_MINUTE,
    uploadRateLimitPerMinute: value.UPLOAD_RATE_LIMIT_PER_MINUTE,
    database: { connectTimeoutMs: value.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: value.DB_STATEMENT_TIMEOUT_MS },
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    logLevel: value.LOG_LEVEL,
    metrics: value.METRICS_PORT === 'off' ? null : { port: value.METRICS_PORT, host: value.METRICS_HOST },
    readCache: value.READ_CACHE,
    views: {
      perViewerPerMinute: value.VIEW_BEACONS_PER_VIEWER_PER_MINUTE,
      perAddressPerMinute: value.VIEW_BEACONS_PER_ADDRESS_PER_MINUTE,
      rollupSeconds: value.VIEW_ROLLUP_SECONDS,
      keepDays: value.VIEW_EVENTS_KEEP_DAYS,
    },
    loops: {
      maxBytes: value.LOOP_MAX_BYTES,
      maxSeconds: value.LOOP_MAX_SECONDS,
      workers: value.LOOP_WORKERS,
      leaseSeconds: value.LOOP_LEASE_SECONDS,
      sweepSeconds: value.LOOP_SWEEP_SECONDS,
      maxUnfinished: value.LOOP_UNFINISHED_MAX,
      maxUnfinishedBytes: value.LOOP_UNFINISHED_MAX_BYTES ?? 2 * value.LOOP_MAX_BYTES,
      idleHours: value.LOOP_UPLOAD_IDLE_HOURS,
      startsPerMinute: value.LOOP_UPLOAD_STARTS_PER_MINUTE,
      chunksPerMinute: value.LOOP_UPLOAD_CHUNKS_PER_MINUTE,
    },
    mediaTools: {
      ...resolveMediaTools({ env: { FFMPEG_PATH: value.FFMPEG_PATH, FFPROBE_PATH: value.FFPROBE_PATH, PATH: env.PATH ?? process.env.PATH } }),
      memoryMb: { probe: value.MEDIA_PROBE_MEMORY_MB, work: value.MEDIA_WORK_MEMORY_MB },
    },
    storage:
      value.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: value.S3_ENDPOINT?.replace(/\/+$/, ''),
            region: value.S3_REGION,
            // Present: the schema refuses STORAGE=s3 without them.
            bucket: value.S3_BUCKET!,
            accessKeyId: value.S3_ACCESS_KEY_ID!,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: value.S3_FORCE_PATH_STYLE ?? value.S3_ENDPOINT !== undefined,
          }
        : { kind: 'disk' },
    live: {
      ingest: value.RTMP_INGEST,
      rtmpPort: value.RTMP_PORT,
      rtmpHost: value.RTMP_HOST,
      rtmpPublicUrl: value.RTMP_PUBLIC_URL?.replace(/\/+$/, ''),
      ingestCallbackToken: value.INGEST_CALLBACK_TOKEN,
      reconnectGraceSeconds: value.LIVE_RECONNECT_GRACE_SECONDS,
      keyAttemptsPerMinute: value.STREAM_KEY_ATTEMPTS_PER_MINUTE,
      rtmp: {
        connectionsPerAddress: value.RTMP_CONNECTIONS_PER_ADDRESS,
        publishDeadlineSeconds: value.RTMP_PUBLISH_DEADLINE_SECONDS,
        maxMessageBytes: value.RTMP_MAX_MESSAGE_BYTES,
      },
      node: {
        // Stable across restarts of one node (a restarted node clears its own flags); a random port gets a random id.
        id: value.INGEST_NODE_ID ?? (value.RTMP_PORT === 0 ? `${hostname()}-${randomUUID().slice(0, 8)}` : `${hostname()}-${value.RTMP_PORT}`).slice(0, 64),
        heartbeatSeconds: value.INGEST_HEARTBEAT_SECONDS,
        timeoutSeconds: value.INGEST_NODE_TIMEOUT_SECONDS,
        internal: value.INGEST_INTERNAL_PORT === undefined ? null : { port: value.INGEST_INTERNAL_PORT, host: value.INGEST_INTERNAL_HOST, url: value.INGEST_INTERNAL_URL?.replace(/\/+$/, '') },
        secret: value.INGEST_INTERNAL_SECRET ?? null,
      },
      whipMaxSessions: value.WHIP_MAX_SESSIONS,
      whipPublicAddresses: value.WHIP_PUBLIC_ADDRESSES ?? [],
      whipUdpPorts: value.WHIP_UDP_PORTS,
      restream: {
        retry: { firstMs: value.RESTREAM_RETRY_FIRST_MS, maxMs: value.RESTREAM_RETRY_MAX_MS, attempts: value.RESTREAM_RETRY_ATTEMPTS },
        allowLocalTargets: value.RESTREAM_LOCAL_TARGETS,
      },
    },
  };
}
