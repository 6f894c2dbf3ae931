import { Readable } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import { jpegQuality } from '../jpeg-quality';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe('media store: uploads judged by content, stored under server-made names', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('re-encodes an image as JPEG at quality 75, resized, served immutable with its own type and nosniff', async () => {
    const saved = await ctx.app.media.saveImage(await png(1200, 800), { kind: 'thumbnails', maxBytes: 5_000_000, resize: { width: 100, height: 66, fit: 'cover' } });
    expect(saved).toMatchObject({ width: 100, height: 66 });
    expect(saved.url).toMatch(/^\/media\/thumbnails\/[0-9a-f-]{36}\.jpg$/);
    const answer = await ctx.app.inject({ method: 'GET', url: saved.url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toContain('immutable');
    const meta = await sharp(answer.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // Spec section 9, "Thumbnails: quality 75": read back from the file's quantisation table.
    expect(await jpegQuality(answer.rawPayload)).toBe(75);
  });

  it('reads a stream and never enlarges with fit inside', async () => {
    const saved = await ctx.app.media.saveImage(Readable.from([await png(300, 200)]), { kind: 'images', maxBytes: 5_000_000, resize: { width: 1600, height: 1600, fit: 'inside' } });
    expect(saved).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses what is not an image whatever it is called: HTML, SVG, a truncated PNG', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const truncated = (await png(400, 400)).subarray(0, 60);
    for (const input of [html, svg, truncated]) {
      await expect(ctx.app.media.saveImage(input, { kind: 'images', maxBytes: 5_000_000 })).rejects.toMatchObject({ code: 'UPLOAD_NOT_IMAGE' });
    }
  });

  it('stops reading past the size limit', async () => {
    const big = await png(2000, 2000);
    await expect(ctx.app.media.saveImage(Readable.from([big]), { kind: 'images', maxBytes: 1_000 })).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    await expect(ctx.app.media.saveImage(big, { kind: 'images', maxBytes: 1_000 })).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
  });

  it('serves nothing outside the media folder, no hidden or partial files and no listings', async () => {
    const saved = await ctx.app.media.saveImage(await png(40, 40), { kind: 'images', maxBytes: 5_000_000 });
    // What the disk store leaves while it writes (a hidden temporary name) and older versions' partial files.
    const folder = path.join(ctx.config.dataDir, 'media', 'images');
    await writeFile(path.join(folder, `.${saved.name}.1234.tmp`), 'half');
    await writeFile(path.join(folder, `${saved.name}.part`), 'half');
    for (const url of [`/media/images/.${saved.name}.1234.tmp`, `/media/images/${saved.name}.part`, '/media/images/', '/media/images', '/media/run/x.jpg', '/media/../package.json', '/media/%2e%2e/%2e%2e/etc/passwd', '/media/images/%2e%2e%2fsecret']) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
    }
    expect(() => ctx.app.media.keyFor('images', '../secret')).toThrow();
  });

  it('answers one byte range with 206, one past the end with 416 and its size, and a known ETag with 304', async () => {
    const saved = await ctx.app.media.saveImage(await png(300, 200), { kind: 'images', maxBytes: 5_000_000 });
    const whole = await ctx.app.inject({ method: 'GET', url: saved.url });
    const size = whole.rawPayload.length;
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await ctx.app.inject({ method: 'GET', url: saved.url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);

    const open = await ctx.app.inject({ method: 'GET', url: saved.url, headers: { range: `bytes=${size - 5}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);

    const past = await ctx.app.inject({ method: 'GET', url: saved.url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    // Several ranges are answered whole (allowed by RFC 9110), as is an If-Range that does not match.
    for (const headers of [{ range: 'bytes=0-1,5-6' }, { range: 'bytes=0-1', 'if-range': '"other"' }]) {
      const answer = await ctx.app.inject({ method: 'GET', url: saved.url, headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.length).toBe(size);
    }

    const cached = await ctx.app.inject({ method: 'GET', url: saved.url, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    // An ETag of a name never stored says nothing of it.
    const missing = saved.url.replace(/[0-9a-f]{8}-/, '00000000-');
    expect((await ctx.app.inject({ method: 'GET', url: missing, headers: { 'if-none-match': '*' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
  });
});
