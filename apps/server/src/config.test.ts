import { describe, expect, it } from 'vitest';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 8080, the bundled issuer, the demo world', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.oidc).toEqual({ bundled: true, issuer: 'http://localhost:8080/accounts', clientId: 'studio', clientSecret: undefined, accountUrl: 'http://localhost:8080/accounts/account' });
    expect(config.demo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('follows PORT, PUBLIC_URL and DEMO', () => {
    const config = loadConfig({ PORT: '9090', PUBLIC_URL: 'https://studio.example/', DEMO: 'false' });
    expect(config.port).toBe(9090);
    expect(config.publicUrl).toBe('https://studio.example');
    expect(config.oidc.issuer).toBe('https://studio.example/accounts');
    expect(config.demo).toBe(false);
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO/);
    for (const bad of ['not-an-ip', '198.51.100.7, example.com', '300.1.1.1']) expect(() => loadConfig({ WHIP_PUBLIC_ADDRESSES: bad })).toThrow(/WHIP_PUBLIC_ADDRESSES/);
    for (const bad of ['40000', '5000-4000', '80-90', '40000-70000', 'a-b']) expect(() => loadConfig({ WHIP_UDP_PORTS: bad })).toThrow(/WHIP_UDP_PORTS/);
    expect(loadConfig({ WHIP_PUBLIC_ADDRESSES: '198.51.100.7, 2001:db8::7', WHIP_UDP_PORTS: '40000-40999' }).live).toMatchObject({ whipPublicAddresses: ['198.51.100.7', '2001:db8::7'], whipUdpPorts: [40000, 40999] });
  });

  it('names every missing variable of an external issuer at once', () => {
    try {
      loadConfig({ OIDC_ISSUER: 'https://login.example' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'OIDC_CLIENT_ID: required when OIDC_ISSUER is set',
        'OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set',
      ]);
    }
  });

  it('takes an external issuer as is', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://login.example/', OIDC_CLIENT_ID: 'studio-prod', OIDC_CLIENT_SECRET: 's' });
    expect(config.oidc).toEqual({ bundled: false, issuer: 'https://login.example', clientId: 'studio-prod', clientSecret: 's', accountUrl: null });
  });

  it("links the account page: the bundled service's own, or OIDC_ACCOUNT_URL for an external one", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example' }).oidc.accountUrl).toBe('https://studio.example/accounts/account');
    const external = { OIDC_ISSUER: 'https://login.example', OIDC_CLIENT_ID: 'studio', OIDC_CLIENT_SECRET: 's' };
    expect(loadConfig({ ...external, OIDC_ACCOUNT_URL: 'https://login.example/me' }).oidc.accountUrl).toBe('https://login.example/me');
    expect(() => loadConfig({ ...external, OIDC_ACCOUNT_URL: 'not an address' })).toThrow(/OIDC_ACCOUNT_URL/);
  });
});

describe('production', () => {
  it('never seeds the demo world by default, whatever the database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/studio' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'false' }).demo).toBe(false);
  });

  it('stops when DEMO=true is asked for, with or without DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: 'true' })).toThrow(/DEMO: the demo world is never seeded in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: '1', DATABASE_URL: 'postgres://db/studio' })).toThrow(ConfigError);
  });

  it('keeps the demo world on by default outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(true);
  });
});

describe('database and shutdown limits', () => {
  it('defaults to an outage answered within 2 s and a 10 s drain', () => {
    const config = loadConfig({});
    expect(config.database.connectTimeoutMs + config.database.statementTimeoutMs).toBeLessThan(2000);
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });

  it('follows DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS and SHUTDOWN_TIMEOUT_MS, and names a bad one', () => {
    const config = loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '30000', SHUTDOWN_TIMEOUT_MS: '5000' });
    expect(config.database).toEqual({ connectTimeoutMs: 2000, statementTimeoutMs: 30_000 });
    expect(config.shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
  it('bounds unfinished loop uploads per person: three, twice the largest file between them, a day idle; a whole largest file fits one minute of pieces', () => {
    const config = loadConfig({});
    expect(config.loops).toMatchObject({ maxUnfinished: 3, maxUnfinishedBytes: 2 * config.loops.maxBytes, idleHours: 24, startsPerMinute: 20, chunksPerMinute: 600 });
    expect(config.loops.chunksPerMinute).toBeGreaterThanOrEqual(Math.ceil(config.loops.maxBytes / LOOP_UPLOAD_CHUNK_BYTES));
    // The byte bound follows LOOP_MAX_BYTES unless set.
    expect(loadConfig({ LOOP_MAX_BYTES: '100000000' }).loops.maxUnfinishedBytes).toBe(200_000_000);
    expect(loadConfig({ LOOP_UNFINISHED_MAX: '5', LOOP_UNFINISHED_MAX_BYTES: '3000000000', LOOP_UPLOAD_IDLE_HOURS: '2' }).loops).toMatchObject({ maxUnfinished: 5, maxUnfinishedBytes: 3_000_000_000, idleHours: 2 });
    for (const [env, name] of [
      [{ LOOP_UNFINISHED_MAX: '0' }, 'LOOP_UNFINISHED_MAX'],
      [{ LOOP_UPLOAD_IDLE_HOURS: 'soon' }, 'LOOP_UPLOAD_IDLE_HOURS'],
      // Below one file of the largest size, that file could never be uploaded.
      [{ LOOP_UNFINISHED_MAX_BYTES: String(500 * 1024 * 1024 - 1) }, 'LOOP_UNFINISHED_MAX_BYTES'],
      // Fewer pieces a minute than a largest file has would slow a rightful upload.
      [{ LOOP_UPLOAD_CHUNKS_PER_MINUTE: String(Math.ceil(config.loops.maxBytes / LOOP_UPLOAD_CHUNK_BYTES) - 1) }, 'LOOP_UPLOAD_CHUNKS_PER_MINUTE'],
      [{ LOOP_UPLOAD_STARTS_PER_MINUTE: '0' }, 'LOOP_UPLOAD_STARTS_PER_MINUTE'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(new RegExp(name));
    }
    expect(loadConfig({ LOOP_UPLOAD_CHUNKS_PER_MINUTE: '50' }).loops.chunksPerMinute).toBe(50);
  });

  it('bounds the RTMP port by default (10 wrong keys a minute, 10 connections per address, 10 s to publish, 8 MiB messages) and names a bad bound', () => {
    const { live } = loadConfig({});
    expect(live.keyAttemptsPerMinute).toBe(10);
    expect(live.rtmp).toEqual({ connectionsPerAddress: 10, publishDeadlineSeconds: 10, maxMessageBytes: 8 * 1024 * 1024 });
    expect(loadConfig({ STREAM_KEY_ATTEMPTS_PER_MINUTE: '3', RTMP_CONNECTIONS_PER_ADDRESS: '2' }).live).toMatchObject({ keyAttemptsPerMinute: 3, rtmp: { connectionsPerAddress: 2 } });
    expect(() => loadConfig({ STREAM_KEY_ATTEMPTS_PER_MINUTE: '0' })).toThrow(/STREAM_KEY_ATTEMPTS_PER_MINUTE/);
    expect(() => loadConfig({ RTMP_PUBLISH_DEADLINE_SECONDS: 'soon' })).toThrow(/RTMP_PUBLISH_DEADLINE_SECONDS/);
    // A message's length has 3 bytes: more could never be sent.
    expect(() => loadConfig({ RTMP_MAX_MESSAGE_BYTES: String(16 * 1024 * 1024) })).toThrow(/RTMP_MAX_MESSAGE_BYTES/);
  });
});

describe('metrics', () => {
  it('serves /metrics on loopback port 9464 by default, on the port and host asked for, or not at all with off', () => {
    expect(loadConfig({}).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 0, host: '10.0.0.5' });
    // Empty is unset, as for every variable: the default.
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeNull();
  });

  it('names a bad port, and refuses the studio\'s own ports', () => {
    expect(() => loadConfig({ METRICS_PORT: 'none' })).toThrow(/METRICS_PORT: a port from 0 to 65535, or off/);
    for (const value of ['65536', '-1', '1.5']) expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: another port than PORT and RTMP_PORT/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '1935' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ PORT: '9464', METRICS_PORT: '9465' }).metrics?.port).toBe(9465);
  });
});

describe('roles', () => {
  it('runs every role by default, and the ones ROLES names, in one order, once each', () => {
    expect(loadConfig({}).roles).toEqual(['web', 'worker', 'ingest']);
    // Empty is unset, as for every variable: the default.
    expect(loadConfig({ ROLES: '' }).roles).toEqual(['web', 'worker', 'ingest']);
    expect(loadConfig({ ROLES: 'worker' }).roles).toEqual(['worker']);
    expect(loadConfig({ ROLES: ' ingest , web,web ' }).roles).toEqual(['web', 'ingest']);
  });

  it('stops on an unknown role or a list without one, naming ROLES', () => {
    expect(() => loadConfig({ ROLES: 'bad' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLES: 'bad' })).toThrow(/ROLES: one or more of web, worker, ingest, separated by commas; unknown: bad \(got "bad"\)/);
    expect(() => loadConfig({ ROLES: 'web,workers' })).toThrow(/ROLES: .*unknown: workers/);
    expect(() => loadConfig({ ROLES: 'WEB' })).toThrow(/ROLES/);
    expect(() => loadConfig({ ROLES: ' , ' })).toThrow(/ROLES: one or more of web, worker, ingest/);
  });
});

describe('media storage', () => {
  const s3 = { STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:7480/', S3_BUCKET: 'studio-media', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps media on local disk by default, whatever S3_* says', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ S3_BUCKET: 'studio-media' }).storage).toEqual({ kind: 'disk' });
  });

  it('takes an S3-compatible store: path-style by default with an endpoint, virtual-hosted for AWS S3 itself', () => {
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:7480',
      region: 'us-east-1',
      bucket: 'studio-media',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const aws = loadConfig({ ...s3, S3_ENDPOINT: undefined, S3_REGION: 'eu-central-1' }).storage;
    expect(aws).toMatchObject({ kind: 's3', endpoint: undefined, region: 'eu-central-1', forcePathStyle: false });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('names every variable STORAGE=s3 lacks, at once', () => {
    try {
      loadConfig({ STORAGE: 's3' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'S3_BUCKET: required when STORAGE=s3',
        'S3_ACCESS_KEY_ID: required when STORAGE=s3',
        'S3_SECRET_ACCESS_KEY: required when STORAGE=s3',
      ]);
    }
  });

  it('stops on a bad value and names the variable', () => {
    for (const [env, name] of [
      [{ STORAGE: 'ftp' }, 'STORAGE'],
      [{ ...s3, S3_ENDPOINT: 'ftp://store' }, 'S3_ENDPOINT'],
      [{ ...s3, S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
      [{ ...s3, S3_BUCKET: 'Studio_Media' }, 'S3_BUCKET'],
      [{ ...s3, S3_BUCKET: 'ab' }, 'S3_BUCKET'],
      [{ ...s3, S3_REGION: 'EU Central' }, 'S3_REGION'],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}: `));
    }
  });
});
