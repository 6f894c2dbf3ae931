import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations, waitForSettledPage } from './axe';
import { expect, login, test } from './fixtures';
import { shot } from './screens';

// Issue 23, point 6: /profile/my in full, and signing out another device from it.


const sessionsOf = (page: Page): Locator => page.locator('section', { has: page.getByRole('heading', { name: /^(로그인한 기기|Signed-in devices)$/ }) });

async function chooseLanguage(page: Page, language: 'ko' | 'en') {
  await page.getByRole('contentinfo').getByRole('combobox').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.describe('profile', () => {
  test('two browsers signed in as one demo person: the profile lists both, and signing out the other ends it at once', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await login(page, 'manager', '/studio/profile/my');
    const sessions = sessionsOf(page);
    // Earlier specs signed this demo person in too: start from this device alone (once the list has loaded:
    // isVisible() does not wait, and an empty section then would skip the sign-out).
    await expect(sessions.getByRole('listitem').first()).toContainText('이 기기');
    const others = sessions.getByRole('button', { name: '다른 기기 모두 로그아웃' });
    if (await others.isVisible()) {
      await others.click();
      await page.getByRole('dialog').getByRole('button', { name: '다른 기기 모두 로그아웃' }).click();
      await expect(sessions.getByText('다른 기기에는 로그인되어 있지 않습니다.')).toBeVisible();
    }

    let second: BrowserContext | undefined;
    try {
      second = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
      const secondPage = await second.newPage();
      await login(secondPage, 'manager', '/studio/');
      expect((await secondPage.request.get('/api/me')).status()).toBe(200);

      await page.reload();
      await waitForSettledPage(page);
      const rows = sessions.getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('이 기기');
      // Playwright's Chromium names itself Chrome on Linux.
      await expect(rows.first()).toContainText('Chrome · Linux');
      await expect(rows.nth(1)).toContainText('마지막 사용');
      await expect(rows.first().getByRole('button')).toHaveCount(0);

      await rows.nth(1).getByRole('button', { name: /로그아웃$/ }).click();
      await expect(page.getByText('선택한 기기에서 로그아웃했습니다.')).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(sessions.getByText('다른 기기에는 로그인되어 있지 않습니다.')).toBeVisible();

      // The other browser's next call is refused, and the studio sends it to sign in.
      expect((await secondPage.request.get('/api/me')).status()).toBe(401);
      await secondPage.getByRole('navigation').getByRole('link', { name: '프로필' }).first().click();
      await expect(secondPage).toHaveURL(/\/accounts\/interaction\//, { timeout: 15_000 });

      // This one is still signed in.
      expect((await page.request.get('/api/me')).status()).toBe(200);
    } finally {
      await second?.close();
    }
  });

  test('shows identity, channels with roles, language, devices and notification groups; saves a group; axe clean at 1366 and 390 px in Korean and English', async ({ page, browser, world }) => {
    test.setTimeout(120_000);
    const me = await world.person('서울특별시 마포구 망원동 골목 소식을 전하는 기자');
    const other = await world.person('Other');
    await world.channel(me, { name: '마포구 망원동 골목 상권과 동네 소식을 매일 전하는 곳', channel_type: 'MEDIA_CHANNEL', use_post_write: true });
    await world.channel(other, { name: 'Harbor Weekly', channel_type: 'CONTENTS_CHANNEL', use_post_write: true }, [[me, 'CREDIT_MANAGER']]);

    let second: BrowserContext | undefined;
    try {
      second = await browser.newContext({ locale: 'ko-KR' });
      await login(await second.newPage(), me, '/studio/');
      await login(page, me, '/studio/profile/my');
      const main = page.getByRole('main');
      await expect(main.getByText(me.login, { exact: true }).first()).toBeVisible();
      await expect(main.getByRole('link', { name: /계정 관리/ })).toHaveAttribute('href', /\/accounts\/account$/);
      await expect(main.getByText('소유자')).toBeVisible();
      await expect(main.getByText('수익 관리자')).toBeVisible();
      await expect(sessionsOf(page).getByRole('listitem')).toHaveCount(2);

      // A notification group switched off stays off.
      const admin = main.getByRole('switch', { name: '운영자 알림' });
      await expect(admin).toBeChecked();
      await admin.click();
      await expect(admin).not.toBeChecked();
      await expect.poll(async () => (await page.request.get('/api/my/notifications/preferences')).json() as Promise<unknown>).toEqual({ ALL: true, ADMIN: false, CHANNEL: true });
      await page.reload();
      await expect(main.getByRole('switch', { name: '운영자 알림' })).not.toBeChecked();

      // The language chosen here is the footer's too.
      await main.getByRole('combobox', { name: '언어' }).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('contentinfo').getByRole('combobox')).toHaveValue('en');
      await expect(main.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();

      for (const language of ['ko', 'en'] as const) {
        await chooseLanguage(page, language);
        for (const width of [1366, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/studio/profile/my');
          await waitForSettledPage(page);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `no horizontal scroll at ${width}px`).toBeLessThanOrEqual(0);
          await expectNoSeriousViolations(page, `profile, ${language}, ${width}px`);
          await shot(page, `profile-${language}-${width}`);
        }
      }

      // The confirmation before signing out every other device: keyboard-usable and axe clean.
      await page.setViewportSize({ width: 1366, height: 900 });
      await chooseLanguage(page, 'ko');
      await sessionsOf(page).getByRole('button', { name: '다른 기기 모두 로그아웃' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, 'sign out every other device, confirmation');
      await shot(page, 'profile-confirm-ko-1366', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(sessionsOf(page).getByRole('listitem')).toHaveCount(2);
    } finally {
      await second?.close();
    }
  });
});
