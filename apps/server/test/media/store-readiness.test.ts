import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper';

/**
 * /readyz checks the media store as well as the database (issue 22): with the disk store, a media
 * folder that cannot be made or written takes the instance out of the balancer, naming the store.
 * The S3 side (an endpoint that stops answering) is in media-s3-ready.test.ts.
 */

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('/readyz and the disk media store', () => {
  it('answers 200 with media up, 503 naming the media store while its folder cannot be written, and 200 again once it can', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const { roles } = ready.json<{ roles: Record<string, { db: string; media: string }> }>();
    expect(Object.keys(roles).length).toBeGreaterThan(0);
    for (const state of Object.values(roles)) expect(state).toMatchObject({ db: 'up', media: 'up' });

    // A file where the folder should be: it can be neither made nor written into (root's permissions
    // would let it write into a read-only folder, so a mode bit would prove nothing here).
    const folder = path.join(t.config.dataDir, 'media');
    await rm(folder, { recursive: true, force: true });
    await writeFile(folder, 'not a folder');
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', extra: { needs: 'media', store: 'disk' } });
    expect(down.body).not.toContain(t.config.dataDir);

    await rm(folder);
    const back = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(back.statusCode, back.body).toBe(200);
  });
});
