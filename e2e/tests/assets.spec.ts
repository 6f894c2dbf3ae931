import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, login, test } from './fixtures';

// The real build through the real server: what a browser gets for the first load's scripts and page.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...built.matchAll(/(?:src|href)="(\/studio\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');

test.describe('built assets', () => {
  test('the first load\'s scripts come brotli or gzip as asked, immutable for a year', async ({ request }) => {
    expect(scripts.length).toBeGreaterThan(1);
    let compressedCount = 0;
    for (const script of scripts) {
      const plain = readFileSync(path.join(dist, script.replace('/studio/', '')));
      // A cookie naming no session changes nothing for an asset (integration: it is not even looked up).
      const headers = { cookie: 'studio_session=not-a-session' };
      const br = await request.get(script, { headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.status(), script).toBe(200);
      // The build leaves files under 256 bytes uncompressed (they would grow): sent as they are.
      const compressed = plain.length >= 256;
      expect(existsSync(path.join(dist, `${script.replace('/studio/', '')}.br`)), script).toBe(compressed);
      expect(br.headers()['content-encoding'], script).toBe(compressed ? 'br' : undefined);
      expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers().vary?.toLowerCase()).toContain('accept-encoding');
      // Playwright decodes the body: the same bytes as the build wrote.
      expect((await br.body()).equals(plain), script).toBe(true);

      const gz = await request.get(script, { headers: { ...headers, 'accept-encoding': 'gzip' } });
      expect(gz.headers()['content-encoding'], script).toBe(compressed ? 'gzip' : undefined);
      expect(gz.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await gz.body()).equals(plain), script).toBe(true);
      if (compressed) compressedCount++;
    }
    // The entry and the big shared chunks are compressed.
    expect(compressedCount).toBeGreaterThan(scripts.length / 2);
  });

  test('the studio page itself is never cached', async ({ page, world }) => {
    await login(page, await world.person());
    const reply = await page.request.get('/studio/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.status()).toBe(200);
    expect(reply.headers()['cache-control']).toBe('no-store');
    expect(await reply.text()).toContain(scripts[0] ?? '/studio/assets/');
  });
});
