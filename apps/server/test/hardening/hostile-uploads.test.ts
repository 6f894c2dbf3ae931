import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { ORIGIN, createTestApp, type TestContext } from '../helper';
import { prng, watchProcessErrors } from '../fuzz';
import { makeClips } from '../loops/clips';

/**
 * The upload ports (tus for loops, multipart for stills) fed what an attacker sends over a real
 * socket: broken headers, lying lengths, bodies cut or overrunning, forged and bomb-sized images,
 * and seeded mutations of valid requests. After every case the studio answers, no answer is a 5xx,
 * and nothing escapes as a process-level error; afterwards a valid upload still works.
 */

let t: TestContext;
let port: number;
let cookie: string;
let channel: number;
let clips: ReturnType<typeof makeClips>;
const watch = watchProcessErrors();

type Answer = { status: number | null; body: string };

/** Writes raw bytes on a fresh connection (optionally ending it early) and reads the first answer. */
function raw(request: Buffer, options: { hangUpAfterWrite?: boolean; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 3_000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // One answer is enough: its head and, when it says how long its body is, the body.
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd));
      if (!length || received.length >= headEnd + 4 + Number(length[1])) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(request, () => {
      if (options.hangUpAfterWrite) socket.end();
    });
  });
}

function httpRequest(method: string, url: string, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)): Buffer {
  const lines = [`${method} ${url} HTTP/1.1`, 'host: localhost', `cookie: ${cookie}`, `origin: ${ORIGIN}`, 'connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** The studio still answers, at once. */
async function stillUp(context: string) {
  const answer = await raw(Buffer.from('GET /healthz HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n'), { timeoutMs: 5_000 });
  expect(answer.status, `the studio stopped answering after ${context}`).toBe(200);
}

/** Never a server error; a refusal in the studio's JSON carries a code. */
function judged(answer: Answer, context: string) {
  if (answer.status === null) return; // the connection was closed on a request HTTP itself refuses
  expect(answer.status, `${context}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400 && answer.body.startsWith('{')) expect(JSON.parse(answer.body), context).toHaveProperty('code');
}

const tusCreate = (length: string, extra: Record<string, string> = {}) =>
  httpRequest('POST', `/api/channels/${channel}/loops/uploads`, { 'tus-resumable': '1.0.0', 'upload-length': length, 'content-length': '0', ...extra });

async function createdUpload(bytes: number): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: { cookie, origin: ORIGIN, 'tus-resumable': '1.0.0', 'upload-length': String(bytes) } });
  expect(created.statusCode).toBe(201);
  return created.headers.location as string;
}

const tusPatch = (location: string, offset: string, body: Buffer, extra: Record<string, string> = {}) =>
  httpRequest('PATCH', location, { 'tus-resumable': '1.0.0', 'upload-offset': offset, 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length), ...extra }, body);

function multipart(file: Buffer, options: { boundary?: string; field?: string; type?: string; filename?: string } = {}): { headers: Record<string, string>; body: Buffer } {
  const boundary = options.boundary ?? 'studio-boundary-1234';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'a.png'}"\r\ncontent-type: ${options.type ?? 'image/png'}\r\n\r\n`, 'latin1'),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) }, body };
}

const imageUrl = () => `/api/channels/${channel}/contents/images`;

/** Random edits of a valid request: flipped bits, cuts, inserted and repeated runs of bytes. */
function mutate(random: () => number, valid: Buffer): Buffer {
  const bytes = Buffer.from(valid);
  const pick = Math.floor(random() * 4);
  const at = Math.floor(random() * bytes.length);
  if (pick === 0) {
    for (let i = 0; i < 1 + Math.floor(random() * 8); i += 1) {
      const index = Math.floor(random() * bytes.length);
      bytes[index] = bytes[index]! ^ (1 << Math.floor(random() * 8));
    }
    return bytes;
  }
  if (pick === 1) return bytes.subarray(0, at);
  if (pick === 2) {
    const noise = Buffer.alloc(1 + Math.floor(random() * 64));
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(random() * 256);
    return Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(at)]);
  }
  const length = Math.min(bytes.length - at, 1 + Math.floor(random() * 128));
  return Buffer.concat([bytes.subarray(0, at + length), bytes.subarray(at, at + length), bytes.subarray(at + length)]);
}

beforeAll(async () => {
  watch.start();
  clips = makeClips();
  // Limits far above the cases' count: this file tests what the ports survive, not their rates.
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000', UPLOAD_RATE_LIMIT_PER_MINUTE: '100000', LOOP_UPLOAD_STARTS_PER_MINUTE: '100000', LOOP_UPLOAD_CHUNKS_PER_MINUTE: '100000', LOOP_UNFINISHED_MAX: '100', LOOP_UNFINISHED_MAX_BYTES: '2000000000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { name: '공격 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE', use_document_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 60_000);

afterEach(() => {
  expect(watch.errors, 'an error escaped to the process').toEqual([]);
});

afterAll(async () => {
  watch.stop();
  await t?.close();
});

describe('hostile uploads: tus', () => {
  it('creation with broken or lying headers is refused with a code, never a 5xx', async () => {
    const cases: [string, Buffer][] = [
      ...['-1', '1e9', ' 10', '0x10', '99999999999999999999', '', '1.5', '１０', '0'].map((length) => [`Upload-Length "${length}"`, tusCreate(length)] as [string, Buffer]),
      ['no Upload-Length', httpRequest('POST', `/api/channels/${channel}/loops/uploads`, { 'tus-resumable': '1.0.0', 'content-length': '0' })],
      ['Upload-Defer-Length', tusCreate('10', { 'upload-defer-length': '1' })],
      ['two Upload-Length', httpRequest('POST', `/api/channels/${channel}/loops/uploads`, { 'tus-resumable': '1.0.0', 'upload-length': '10\r\nupload-length: 20000000000', 'content-length': '0' })],
      ['an old protocol version', tusCreate('10', { 'tus-resumable': '0.2.2' })],
      ['metadata that is not base64', tusCreate('10', { 'upload-metadata': 'filename %%%%,filetype ===' })],
      ['8 KB of metadata', tusCreate('10', { 'upload-metadata': `filename ${'QUFB'.repeat(2_000)}` })],
      ['a body with the creation (creation-with-upload)', httpRequest('POST', `/api/channels/${channel}/loops/uploads`, { 'tus-resumable': '1.0.0', 'upload-length': '4', 'content-type': 'application/offset+octet-stream', 'content-length': '4' }, Buffer.from('abcd'))],
      ['a channel id that is not a number', httpRequest('POST', '/api/channels/1e3/loops/uploads', { 'tus-resumable': '1.0.0', 'upload-length': '10', 'content-length': '0' })],
      ['a path that climbs', httpRequest('POST', `/api/channels/${channel}/loops/uploads/..%2F..%2Fetc`, { 'tus-resumable': '1.0.0', 'upload-length': '10', 'content-length': '0' })],
    ];
    for (const [name, request] of cases) {
      judged(await raw(request), name);
      await stillUp(name);
    }
  });

  it('PATCH with wrong offsets, overrunning or cut bodies and lying lengths changes nothing it should not', async () => {
    const location = await createdUpload(1_000);
    const body = Buffer.alloc(100, 7);
    const cases: [string, Buffer, { hangUpAfterWrite?: boolean }?][] = [
      ['an offset ahead of the data', tusPatch(location, '500', body)],
      ['a negative offset', tusPatch(location, '-1', body)],
      ['an offset that is not a number', tusPatch(location, 'abc', body)],
      ['a huge offset', tusPatch(location, '99999999999999999999', body)],
      ['the wrong content type', tusPatch(location, '0', body, { 'content-type': 'text/plain' })],
      ['a body past the declared length', tusPatch(location, '0', Buffer.alloc(1_500, 1))],
      ['a content-length larger than the body, then a hang-up', httpRequest('PATCH', location, { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': '900' }, body), { hangUpAfterWrite: true }],
      ['chunked with a broken chunk size', Buffer.concat([httpRequest('PATCH', location, { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'transfer-encoding': 'chunked' }), Buffer.from('zz\r\nabc\r\n0\r\n\r\n')])],
      ['an upload id that does not exist', tusPatch(`/api/channels/${channel}/loops/uploads/00000000-0000-4000-8000-000000000000`, '0', body)],
      ['an upload id that is not a UUID', tusPatch(`/api/channels/${channel}/loops/uploads/..%2f..%2fpasswd`, '0', body)],
      ['HEAD of an id that is not a UUID', httpRequest('HEAD', `/api/channels/${channel}/loops/uploads/%00`, { 'tus-resumable': '1.0.0' })],
      ['DELETE of an id that does not exist', httpRequest('DELETE', `/api/channels/${channel}/loops/uploads/00000000-0000-4000-8000-000000000000`, { 'tus-resumable': '1.0.0' })],
    ];
    for (const [name, request, options] of cases) {
      judged(await raw(request, options), name);
      await stillUp(name);
    }
    // Ten PATCHes at the same offset at once: no 5xx, and the upload holds at most its length.
    const parallel = await Promise.all(Array.from({ length: 10 }, () => raw(tusPatch(location, '0', body))));
    for (const answer of parallel) judged(answer, 'parallel PATCHes');
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { cookie, origin: ORIGIN, 'tus-resumable': '1.0.0' } });
    expect(Number(head.headers['upload-offset'])).toBeLessThanOrEqual(1_000);
    await stillUp('parallel PATCHes');
  });

  it('200 seeded mutations of a valid creation and PATCH: never a 5xx, never an escaped error', async () => {
    const seed = 20_20;
    const random = prng(seed).next;
    const location = await createdUpload(2_000);
    const validPatch = tusPatch(location, '0', Buffer.alloc(200, 3));
    const validCreate = tusCreate('2000');
    for (let i = 0; i < 200; i += 1) {
      const request = mutate(random, i % 2 === 0 ? validPatch : validCreate);
      const name = `mutation ${i} (seed ${seed})`;
      judged(await raw(request, { hangUpAfterWrite: true, timeoutMs: 1_500 }), name);
      if (i % 20 === 19) await stillUp(name);
    }
  }, 120_000);

  it('after all of it a valid upload still becomes a loop', async () => {
    const bytes = readFileSync(clips.vertical);
    const location = await createdUpload(bytes.length);
    // A whole clip in one PATCH: given time on a loaded machine (the default 3 s is for refusals).
    const answer = await raw(tusPatch(location, '0', bytes), { timeoutMs: 30_000 });
    expect(answer.status).toBe(204);
    const id = location.split('/').pop()!;
    const row = await t.db.selectFrom('loops').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('RESERVED');
  });
});

describe('hostile uploads: multipart stills', () => {
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } }).png().toBuffer();
  });

  const post = (parts: { headers: Record<string, string>; body: Buffer }, url = imageUrl()) => raw(httpRequest('POST', url, parts.headers, parts.body));

  it('a valid still is stored (the cases below start from it)', async () => {
    const answer = await post(multipart(png));
    expect(answer.status, answer.body).toBe(201);
  });

  it('forged, cut and bomb-sized images and broken multipart are refused with a code', async () => {
    // A PNG header declaring 100000 x 100000 pixels over a few bytes of data: a decompression bomb.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const cases: [string, { headers: Record<string, string>; body: Buffer }][] = [
      ['text claiming image/png', multipart(Buffer.from('not an image at all'))],
      ['an empty file', multipart(Buffer.alloc(0))],
      ['a PNG cut in half', multipart(png.subarray(0, Math.floor(png.length / 2)))],
      ['a decompression bomb header', multipart(bomb)],
      ['SVG with a script, named .png', multipart(svg)],
      ['a field other than file', multipart(png, { field: 'other' })],
      ['a boundary that does not match', { ...multipart(png), headers: { 'content-type': 'multipart/form-data; boundary=another', 'content-length': String(multipart(png).body.length) } }],
      ['no boundary', { ...multipart(png), headers: { 'content-type': 'multipart/form-data', 'content-length': String(multipart(png).body.length) } }],
      ['a body without its closing boundary', (() => { const parts = multipart(png); const body = parts.body.subarray(0, parts.body.length - 30); return { body, headers: { ...parts.headers, 'content-length': String(body.length) } }; })()],
      ['a filename with a path and control characters', multipart(png, { filename: '../../\u0007etc/passwd' })],
      ['a 70 KB header line', multipart(png, { filename: 'x'.repeat(70_000) })],
    ];
    for (const [name, parts] of cases) {
      judged(await post(parts), name);
      judged(await post(parts, `/api/channels/${channel}/lives/1/thumbnails`), `${name} (live thumbnail)`);
      await stillUp(name);
    }
  });

  it('150 seeded mutations of a valid still upload: never a 5xx, never an escaped error', async () => {
    const seed = 1_935;
    const random = prng(seed).next;
    const parts = multipart(png);
    const valid = httpRequest('POST', imageUrl(), parts.headers, parts.body);
    for (let i = 0; i < 150; i += 1) {
      const name = `mutation ${i} (seed ${seed})`;
      judged(await raw(mutate(random, valid), { hangUpAfterWrite: true, timeoutMs: 1_500 }), name);
      if (i % 15 === 14) await stillUp(name);
    }
    // And a valid one still goes through.
    expect((await post(multipart(png))).status).toBe(201);
  }, 120_000);
});
