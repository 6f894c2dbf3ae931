// The walk of issue 25: every route of the studio as the four demo people (creator, manager, newbie,
// operator), in Korean and English, at 1366 and 390 pixels. Saves a full-page screenshot of each,
// and prints what a person would notice without looking: a page slower than 2 s to settle, a page
// wider than the window (horizontal overflow, and the widest element that causes it), a page that
// answered an error, and Korean text left on an English page. Exits 1 when any page is slow, wide or
// failed, so it can gate a change.
// Usage: E2E_PORT=8092 node e2e/walk/walk.mjs [outDir]   (against a running `node e2e/start-server.mjs`)
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = `http://localhost:${process.env.E2E_PORT ?? 8091}`;
const out = process.argv[2] ?? '/tmp/studio-walk';
const SLOW_MS = 2_000;
const PEOPLE = (process.env.WALK_PEOPLE ?? 'creator,manager,newbie,operator').split(',');
const WIDTHS = [1366, 390];
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function signIn(page, who) {
  await page.goto(`${base}/studio/`);
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/studio\//);
}

/** The routes a person can open, with their own channels' ids filled in. */
async function routesOf(page) {
  const channels = await (await page.request.get(`${base}/api/my/channels`)).json().catch(() => []);
  const notices = await (await page.request.get(`${base}/api/notices?page=0&size=1`)).json().catch(() => ({}));
  const notice = notices?.content?.[0]?.id ?? 1;
  const routes = {
    home: '/studio/',
    management: '/studio/channels/management',
    'management-apply': '/studio/channels/management?tab=apply',
    'management-invite': '/studio/channels/management?tab=invite',
    profile: '/studio/profile/my',
    alarm: '/studio/profile/alarm',
    notices: '/studio/notices',
    'notice-detail': `/studio/notices/${notice}`,
    trend: '/studio/trend',
    help: '/studio/help',
    guide: '/studio/guide',
    terms: '/studio/policy/terms',
    privacy: '/studio/policy/privacy',
    apply: '/studio/apply/content-type-select',
    'apply-form': '/studio/apply/form?type=MEDIA_CHANNEL',
    'not-found': '/studio/no/such/page',
    operator: '/studio/operator/applications',
    'operator-channels': '/studio/operator/channels',
    'operator-notices': '/studio/operator/notices',
    'operator-notifications': '/studio/operator/notifications',
    'operator-audit': '/studio/operator/audit',
  };
  for (const [index, channel] of (Array.isArray(channels) ? channels : []).slice(0, 2).entries()) {
    const id = channel.id;
    Object.assign(routes, {
      [`ch${index}-home`]: `/studio/channels/${id}`,
      [`ch${index}-settings`]: `/studio/channels/${id}/settings`,
      [`ch${index}-profile`]: `/studio/channels/${id}/profile`,
      [`ch${index}-insights`]: `/studio/channels/${id}/insights`,
      [`ch${index}-lives`]: `/studio/channels/${id}/videos/lives`,
      [`ch${index}-loop-upload`]: `/studio/channels/${id}/videos/shorts/upload`,
      [`ch${index}-post`]: `/studio/channels/${id}/contents/post/create`,
      [`ch${index}-editor`]: `/studio/editor/${id}/draft`,
    });
  }
  return routes;
}

const hangul = /[\p{Script=Hangul}][^\n]*/gu;
const findings = [];
let pages = 0;
let slowest = { ms: 0, where: '' };
for (const who of PEOPLE) {
  for (const locale of ['ko', 'en']) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, timezoneId: 'Asia/Seoul', locale: 'ko-KR' });
      const page = await context.newPage();
      const failed = [];
      page.on('response', (response) => {
        if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
      });
      await signIn(page, who);
      if (locale === 'en') {
        await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
        await page.waitForFunction(() => globalThis.document.documentElement.lang === 'en');
      }
      for (const [name, route] of Object.entries(await routesOf(page))) {
        const where = `${who} ${locale} ${width} ${name}`;
        failed.length = 0;
        const started = performance.now();
        await page.goto(`${base}${route}`);
        await page.waitForLoadState('networkidle');
        const ms = Math.round(performance.now() - started);
        pages += 1;
        if (ms > slowest.ms) slowest = { ms, where };
        if (ms > SLOW_MS) findings.push(`${where}: ${ms} ms to settle`);
        await page.waitForTimeout(200);
        const wide = await page.evaluate(() => {
          const { documentElement } = globalThis.document;
          if (documentElement.scrollWidth <= documentElement.clientWidth) return null;
          let widest = null;
          for (const element of globalThis.document.body.querySelectorAll('*')) {
            const right = element.getBoundingClientRect().right;
            if (right > documentElement.clientWidth + 1 && (!widest || right > widest.right)) widest = { right, tag: element.tagName.toLowerCase(), cls: String(element.className).slice(0, 60) };
          }
          return { scrollWidth: documentElement.scrollWidth, widest };
        });
        if (wide) findings.push(`${where}: ${wide.scrollWidth} px wide (${JSON.stringify(wide.widest)})`);
        if (failed.length) findings.push(`${where}: ${failed.join(', ')}`);
        await page.screenshot({ path: `${out}/${who}-${locale}-${width}-${name}.png`, fullPage: true });
        if (locale === 'en') {
          const text = await page.locator('body').innerText();
          const found = [...new Set(text.match(hangul) ?? [])];
          if (found.length) console.log(`${where} (Korean on an English page; names and content are expected):\n  ${found.slice(0, 12).join('\n  ')}`);
        }
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`\n${pages} page loads; slowest ${slowest.ms} ms (${slowest.where}); screenshots in ${out}`);
if (findings.length) {
  console.log(`${findings.length} findings:\n  ${findings.join('\n  ')}`);
  process.exitCode = 1;
} else console.log('no page slower than 2 s, none wider than its window, none answered 5xx');
