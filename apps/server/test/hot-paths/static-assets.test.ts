import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/schema';
import { fixedClock } from '../../src/lib/clock';
import { hashToken } from '../../src/lib/session-token';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { createPerson } from '../../src/seed/factories';
import { createTestDatabase } from '../helper';

// A build's shape: index.html, a hashed asset with the .br and .gz the Vite build writes beside it.
const script = `export const studio = ${JSON.stringify('studio '.repeat(400))};\n`;
let dist: string;
let app: FastifyInstance;
let db: Db;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let cookie: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'studio-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><!--studio-config--></head><body></body></html>');
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
  database = await createTestDatabase();
  db = database.db;
  const clock = fixedClock(new Date('2026-11-22T03:00:00Z'));
  const config = loadConfig({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', RTMP_INGEST: 'off', METRICS_PORT: '0' });
  app = await buildApp({ config, db, clock, logger: false, backgroundJobs: false, webDist: dist });
  await app.ready();
  const person = await createPerson(db);
  const token = await sessionRepository(db).create(person.userId, null, new Date(clock.now().getTime() + 86_400_000), clock.now());
  cookie = `${sessionCookieName(false)}=${token}`;
});

afterAll(async () => {
  await app.close();
  await database.drop();
  await rm(dist, { recursive: true, force: true });
});

const asset = (acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/studio/assets/index-Ab12Cd34.js',
    headers: { cookie, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe('built assets', () => {
  it('are sent brotli, gzip or plain as the browser asks, cached for a year as immutable', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const reply of [br, gz, plain]) {
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never look up a session, even with a cookie whose session is gone', async () => {
    const before = app.sessions.lookups;
    expect((await asset('br')).statusCode).toBe(200);
    expect(app.sessions.lookups).toBe(before);

    await db.deleteFrom('sessions').where('id', '=', hashToken(cookie.split('=')[1] ?? '')).execute();
    const reply = await asset('br');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(app.sessions.lookups).toBe(before);
  });

  it('answer 404 (not the page, not cached, no session) for an asset the build does not have', async () => {
    const before = app.sessions.lookups;
    const reply = await app.inject({ method: 'GET', url: '/studio/assets/index-Gone1234.js', headers: { cookie, 'accept-encoding': 'br' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).not.toMatch(/html/);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(app.sessions.lookups).toBe(before);
  });

  it('leave pages to the session: the studio page with the same cookie looks it up and is not cached', async () => {
    const before = app.sessions.lookups;
    const page = await app.inject({ method: 'GET', url: '/studio/', headers: { cookie } });
    expect(app.sessions.lookups).toBe(before + 1);
    // The session row was deleted above: the page asks for a login.
    expect(page.statusCode).toBe(401);
    expect(page.headers['cache-control']).toBe('no-store');
  });
});

describe('the studio page (index.html)', () => {
  it('is sent to a signed-in person with no-store, never as an immutable asset', async () => {
    const person = await createPerson(db);
    const token = await sessionRepository(db).create(person.userId, null, new Date(Date.parse('2026-11-23T03:00:00Z')), new Date('2026-11-22T03:00:00Z'));
    const before = app.sessions.lookups;
    for (const url of ['/studio/', '/studio/channels/management']) {
      const page = await app.inject({ method: 'GET', url, headers: { cookie: `${sessionCookieName(false)}=${token}`, 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<meta name="studio-env"');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['cache-control']).not.toMatch(/immutable|max-age/);
    }
    expect(app.sessions.lookups).toBeGreaterThan(before);
  });

  it('is not served as a static file under its own name', async () => {
    const reply = await app.inject({ method: 'GET', url: '/studio/index.html', headers: { 'accept-encoding': 'br' } });
    expect(reply.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });
});
