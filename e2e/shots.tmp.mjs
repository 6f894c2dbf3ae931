import { chromium } from '@playwright/test';
const base = 'http://localhost:8108';
const out = '/tmp/ew-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function session(locale, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await page.goto(`${base}/studio/`);
  await page.locator('input[name="login"]').fill('creator');
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: /^(로그인|Log in)$/ }).click();
  await page.waitForURL(/\/studio\//);
  if (locale === 'en') { await page.evaluate(() => localStorage.setItem('studio.locale', 'en')); }
  return { context, page };
}
const channels = await (async () => { const { context, page } = await session('ko', 1280); const r = await page.evaluate(async () => (await fetch('/api/my/channels')).json()); await context.close(); return r; })();
const daily = channels.find((c) => c.consumerInfo.useDocumentWrite && c.consumerInfo.usePostWrite) ?? channels[0];
for (const [locale, width] of [['ko', 1280], ['en', 1280], ['ko', 390], ['en', 390]]) {
  const { context, page } = await session(locale, width);
  const tag = `${locale}-${width}`;
  await page.goto(`${base}/studio/editor/${daily.id}/draft`);
  await page.getByRole('textbox').nth(1).waitFor();
  await page.getByRole('textbox').first().fill('아주 긴 한국어 제목이 들어가면 어떻게 보이는지 확인하기 위한 겨울 특집: 서울의 밤 산책과 야경 명소 총정리');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('본문을 쓰는 중입니다. 동영상 카드도 넣어 봅니다.');
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `${out}/editor-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: /^(발행|Publish)$/ }).click();
  await page.getByRole('radio').nth(1).check();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/publish-${tag}.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/studio/channels/${daily.id}/contents/post/create`);
  await page.getByRole('textbox').first().fill('포스트 본문입니다.');
  await page.getByRole('textbox').nth(1).fill('https://www.youtube.com/watch?v=abc');
  await page.getByRole('button', { name: /^(지금 공개|Publish now)$/ }).last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/post-${tag}.png`, fullPage: true });
  await page.goto(`${base}/studio/channels/${daily.id}`);
  await page.getByRole('list').filter({ has: page.getByRole('listitem') }).last().waitFor();
  const trigger = page.locator('button[aria-label$="관리"], button[aria-label^="Manage"]').first();
  await trigger.click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/home-${tag}.png`, fullPage: false });
  await context.close();
}
await browser.close();
console.log('done', daily.id, daily.name);
