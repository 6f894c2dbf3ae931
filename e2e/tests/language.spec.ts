import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { contents, invite, transfer } from './world';

const hangul = /\p{Script=Hangul}+/gu;

/**
 * Korean left on the page, user content aside: everything this test creates
 * is named in Latin letters, so any Hangul is the studio's own text. The
 * language picker names each language in itself (한국어) and is left out.
 */
async function koreanOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('select, script, style').forEach((element) => element.remove());
    return body.textContent ?? '';
  });
  return [...new Set(text.match(hangul) ?? [])];
}

test('in English, the studio shows no Korean outside user content', async ({ page, world }) => {
  test.setTimeout(120_000);
  const me = await world.person('Owner');
  const other = await world.person('Other');
  const media = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true, labels: [{ code: 'OFFICIAL', name: 'Official' }] });
  await contents(world, media.id, me, [
    ['POST', 'PUBLIC', 'A first post', 1_500],
    ['CONTENT_VIEW', 'DRAFT', 'A draft', 0],
  ]);
  const incoming = await world.channel(other);
  await invite(world, incoming.id, me, other, 'MANAGER');
  await invite(world, media.id, other, me, 'CREDIT_MANAGER');
  const handed = await world.channel(other, { channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
  await transfer(world, handed.id, other, me);

  await login(page, me, '/studio/');
  // As a person does: the footer's language picker.
  await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  for (const path of [
    '/studio/',
    '/studio/channels/management',
    '/studio/channels/management?tab=apply',
    '/studio/channels/management?tab=invite',
    `/studio/channels/${media.id}`,
    `/studio/channels/${media.id}/settings`,
    `/studio/channels/${media.id}/profile`,
    '/studio/profile/my',
    '/studio/profile/alarm',
    '/studio/help',
    '/studio/guide',
    '/studio/no/such/page',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await koreanOnPage(page), path).toEqual([]);
  }
});

test('the language follows the person: chosen on /profile/my in one browser, applied after sign-in in another (Korean before it), changed there and followed here on the next load', async ({ page, browser, world }) => {
  test.setTimeout(120_000);
  const me = await world.person('Traveller');
  await login(page, me, '/studio/profile/my');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: '언어' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(main.getByText('Kept with your account: it applies on every browser you sign in on.', { exact: false })).toBeVisible();
  // Kept with the person, not only in this browser's storage.
  await expect.poll(async () => (await (await page.request.get('/api/me/language')).json()) as unknown).toEqual({ language: 'en' });

  // Another browser (no storage of its own) opens in Korean, and turns English after sign-in.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const elsewhere = await other.newPage();
  await elsewhere.goto('/studio/');
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ko');
  await elsewhere.locator('input[name="login"]').fill(me.login);
  await elsewhere.locator('input[name="password"]').fill('demo1234');
  await elsewhere.getByRole('button', { name: /^(로그인|Log in)$/ }).click();
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
  await expect(elsewhere.getByRole('contentinfo').getByRole('combobox')).toHaveValue('en');

  // Back to Korean from the footer there: the first browser follows on its next load.
  await elsewhere.getByRole('contentinfo').getByRole('combobox').selectOption('ko');
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'ko');
  await expect.poll(async () => (await (await elsewhere.request.get('/api/me/language')).json()) as unknown).toEqual({ language: 'ko' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('main').getByRole('combobox', { name: '언어' })).toHaveValue('ko');
  await other.close();
});
