import type { Page } from '@playwright/test';
import { shortenViewCount } from '@studio/contract/content';
import type { Trend } from '@studio/contract/trend';
import { expectNoSeriousViolations, waitForSettledPage } from './axe';
import { expect, login, test } from './fixtures';

/**
 * Issue 23, point 5: the trend page. The demo world has 90 days of views behind its public contents
 * (rolled up at start, the last burst five minutes before it), so both periods rank something.
 */

const shots = process.env.TREND_SCREENSHOTS;

async function trendOf(page: Page, query: string): Promise<Trend> {
  const response = await page.request.get(`/api/trend?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Trend;
}

const section = (page: Page, name: string) => page.getByRole('main').locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });

test.describe('trend', () => {
  test('opens from the header, ranks what the API ranks, filters by kind and period, marks own channels, and axe finds nothing at both widths in both languages', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, 'manager');
    await page.getByRole('link', { name: '트렌드' }).first().click();
    await expect(page).toHaveURL(/\/studio\/trend$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '트렌드' })).toBeVisible();
    await expect(main.getByRole('link', { name: '24시간' })).toHaveAttribute('aria-current', 'page');

    // The most viewed list holds the API's ranking, in its order, with the figures shortened.
    const api = await trendOf(page, 'period=24h');
    expect(api.top.length).toBeGreaterThan(0);
    const top = section(page, '많이 본 콘텐츠').getByRole('listitem');
    await expect(top).toHaveCount(api.top.length);
    for (const [index, item] of api.top.entries()) {
      await expect(top.nth(index).getByRole('link')).toHaveText(item.title);
      await expect(top.nth(index)).toContainText(`조회수 ${shortenViewCount(item.views)}`);
      // The manager holds a role on Studio Daily only: its contents are marked, the others not.
      await expect(top.nth(index).getByText('내 채널', { exact: true })).toHaveCount(item.channelName === 'Studio Daily' ? 1 : 0);
    }
    expect(api.top.some((item) => item.ownChannel)).toBe(true);
    expect(api.top.some((item) => !item.ownChannel)).toBe(true);
    await expect(top.first().getByRole('link')).toHaveAttribute('href', api.top[0]!.publicPath);
    await expect(section(page, '급상승 콘텐츠').getByRole('listitem')).toHaveCount(api.rising.length);

    // Filters are part of the address.
    await main.getByLabel('콘텐츠 종류').selectOption({ label: '포스트' });
    await expect(page).toHaveURL(/kind=POST/);
    const posts = await trendOf(page, 'period=24h&kind=POST');
    await expect(top).toHaveCount(posts.top.length);
    for (const [index, item] of posts.top.entries()) await expect(top.nth(index).getByRole('link')).toHaveText(item.title);
    await main.getByRole('link', { name: '7일' }).click();
    await expect(page).toHaveURL(/period=7d&kind=POST/);
    await expect(main.getByRole('link', { name: '7일' })).toHaveAttribute('aria-current', 'page');
    const week = await trendOf(page, 'period=7d&kind=POST');
    await expect(top).toHaveCount(week.top.length);

    // Nothing to rank: both lists say so.
    await page.goto('/studio/trend?period=24h&kind=LIVE&channelType=CONTENTS_CHANNEL');
    await expect(main.getByText('이 기간에 조회된 콘텐츠가 없습니다.')).toBeVisible();
    await expect(main.getByText('이 기간에 조회수가 오른 콘텐츠가 없습니다.')).toBeVisible();
    await expectNoSeriousViolations(page, 'trend, empty');
    if (shots) await page.screenshot({ path: `${shots}/trend-empty-ko-1366.png`, fullPage: true });

    for (const language of ['ko', 'en'] as const) {
      await page.evaluate((value) => localStorage.setItem('studio.locale', value), language);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/studio/trend?period=7d');
        await waitForSettledPage(page);
        await expect(section(page, language === 'ko' ? '많이 본 콘텐츠' : 'Most viewed').getByRole('listitem').first()).toBeVisible();
        await expectNoSeriousViolations(page, `trend, ${language}, ${width}px`);
        if (shots) await page.screenshot({ path: `${shots}/trend-${language}-${width}.png`, fullPage: true });
      }
    }
  });

  test('shows loading while it reads, and a failed read inline with a retry that reads again', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'creator');
    let fail = true;
    await page.route('**/api/trend?*', async (route) => {
      if (fail) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'x', path: '/api/trend', extra: null }) });
        return;
      }
      // A slow answer: the loading state shows meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/studio/trend');
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    await expect(alert).toBeVisible();
    fail = false;
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await expect(main.getByRole('status')).toBeVisible();
    await expect(section(page, '많이 본 콘텐츠').getByRole('listitem').first()).toBeVisible();
    await expect(alert).toHaveCount(0);
    if (shots) {
      fail = true;
      await page.goto('/studio/trend?period=7d&kind=NEWS');
      await expect(main.getByRole('alert')).toBeVisible();
      await page.screenshot({ path: `${shots}/trend-error-ko.png`, fullPage: true });
    }
  });
});
