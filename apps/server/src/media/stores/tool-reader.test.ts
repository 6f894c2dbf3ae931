import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { serveToTools } from './tool-reader';

let root: string;
let objects: ObjectStore;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'studio-tool-reader-'));
  objects = diskStore(root);
  await objects.put('uploads/one', bytes, { contentType: 'application/octet-stream' });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('an object offered to the tools on loopback', () => {
  it('answers whole and by range as a seeking reader needs, only on its own unguessable path, and stops when closed', async () => {
    const offered = await serveToTools(objects, 'uploads/one');
    expect(offered.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}$/);
    const whole = await fetch(offered.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const tail = await fetch(offered.url, { headers: { range: 'bytes=990-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(990))).toBe(true);
    expect((await fetch(offered.url, { headers: { range: 'bytes=5000-' } })).status).toBe(416);

    const origin = new URL(offered.url).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/uploads/one`)).status).toBe(404);
    expect((await fetch(offered.url, { method: 'POST' })).status).toBe(404);

    await offered.close();
    await expect(fetch(offered.url)).rejects.toThrow();
  });

  it('answers 404 for an object that is not there', async () => {
    const offered = await serveToTools(objects, 'uploads/gone');
    expect((await fetch(offered.url)).status).toBe(404);
    await offered.close();
  });
});
