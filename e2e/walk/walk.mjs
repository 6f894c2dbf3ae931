// Walks every page as creator, newbie and operator in Korean and English,
// saves a screenshot of each and prints the Korean text shown in English.
// Usage: E2E_PORT=8092 node e2e/walk/walk.mjs [outDir]   (against a running e2e server)
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const base = `http://localhost:${process.env.E2E_PORT ?? 8091}`;
const out = process.argv[2] ?? '/tmp/studio-walk';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function signIn(page, who) {
  await page.goto(`${base}/studio/`);
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/studio\//);
}

const hangul = /[\p{Script=Hangul}][^\n]*/gu;
for (const who of ['creator', 'newbie', 'operator']) {
  for (const locale of ['ko', 'en']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Seoul', locale: 'ko-KR' });
    const page = await context.newPage();
    await signIn(page, who);
    if (locale === 'en') {
      await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
      await page.waitForFunction(() => globalThis.document.documentElement.lang === 'en');
    }
    const channels = await (await page.request.get(`${base}/api/my/channels`)).json();
    const first = channels[0]?.id ?? 1;
    const notices = await (await page.request.get(`${base}/api/notices?page=0&size=1`)).json().catch(() => ({}));
    const notice = notices?.content?.[0]?.id ?? 1;
    const pages = {
      home: '/studio/',
      management: '/studio/channels/management',
      'management-apply': '/studio/channels/management?tab=apply',
      'management-invite': '/studio/channels/management?tab=invite',
      'channel-home': `/studio/channels/${first}`,
      'channel-settings': `/studio/channels/${first}/settings`,
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
      'not-found': '/studio/no/such/page',
      'loop-upload': `/studio/channels/${first}/videos/shorts/upload`,
    };
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${who}-${locale}-${name}.png`, fullPage: true });
      if (locale === 'en') {
        const text = await page.locator('body').innerText();
        const found = [...new Set(text.match(hangul) ?? [])];
        if (found.length) console.log(`${who} ${name}:\n  ${found.join('\n  ')}`);
      }
    }
    // The two header menus.
    for (const menu of ['alarm', 'notice']) {
      await page.goto(`${base}/studio/`);
      await page.waitForLoadState('networkidle');
      const button = menu === 'alarm' ? page.locator('header button').filter({ has: page.locator('svg') }).nth(1) : page.locator('header button').filter({ has: page.locator('svg') }).nth(0);
      await button.click().catch(() => undefined);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${who}-${locale}-menu-${menu}.png` });
      if (locale === 'en') {
        const text = await page.getByRole('menu').innerText().catch(() => '');
        const found = [...new Set(text.match(hangul) ?? [])];
        if (found.length) console.log(`${who} menu-${menu}:\n  ${found.join('\n  ')}`);
      }
      await page.keyboard.press('Escape');
    }
    await context.close();
  }
}
await browser.close();
