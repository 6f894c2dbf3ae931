import type { Page } from '@playwright/test';
import { expectNoSeriousViolations, waitForSettledPage } from './axe';
import { expect, login, test } from './fixtures';

/**
 * Issue 23, point 4: the insights page. The demo world has 90 days of views behind Studio Daily
 * (rolled up at start), so its charts draw; a channel of its own shows the empty state.
 */

async function studioDaily(page: Page): Promise<number> {
  const channels = (await (await page.request.get('/api/my/channels')).json()) as { id: number; name: string }[];
  const channel = channels.find((candidate) => candidate.name === 'Studio Daily');
  if (!channel) throw new Error('the demo world has no Studio Daily');
  return channel.id;
}

const shots = process.env.INSIGHTS_SCREENSHOTS;

test.describe('channel insights', () => {
  test('opens from channel home, draws the daily chart beside its table, switches periods, and axe finds nothing at both widths in both languages', async ({ page }) => {
    // Axe reads every open table (90 days, 90 subscriber days, five lives' minutes) at two widths in two languages.
    test.setTimeout(420_000);
    await login(page, 'creator');
    const channelId = await studioDaily(page);
    await page.goto(`/studio/channels/${channelId}`);
    await page.getByRole('main').getByRole('link', { name: '인사이트' }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/channels/${channelId}/insights$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Studio Daily 인사이트' })).toBeVisible();
    await expect(main.getByRole('link', { name: '28일' })).toHaveAttribute('aria-current', 'page');

    // The chart draws (uPlot's canvas inside the labelled image) and its table holds the same days.
    const chart = main.getByRole('img', { name: /일별 조회수 그래프/ });
    await expect(chart.locator('canvas')).toHaveCount(1);
    await main.getByText('일별 수치 표로 보기').click();
    const table = main.getByRole('table', { name: '일별 조회수, 시청 시간, 평균 시청 지속 시간' });
    await expect(table.getByRole('row')).toHaveCount(29);
    const api = (await (await page.request.get(`/api/channels/${channelId}/insights?days=28`)).json()) as { daily: { day: string; views: number }[] };
    const last = api.daily.at(-1)!;
    await expect(table.getByRole('row').last()).toContainText(last.day);
    // Top contents and a loop's retention curve.
    await expect(main.getByRole('table', { name: '이 기간 조회수가 많은 콘텐츠' }).getByRole('row')).not.toHaveCount(1);
    await expect(main.getByRole('img', { name: /30초 만에 보는 오늘의 하이라이트의 시청 지속률 그래프/ }).locator('canvas')).toHaveCount(1);

    // Subscribers per day (spec section 6: media channels) and the lives' concurrent viewers, from the demo's history.
    await expect(main.getByRole('img', { name: /날짜별 구독자 수 그래프/ }).locator('canvas')).toHaveCount(1);
    await main.getByText('날짜별 구독자 수 표로 보기').click();
    await expect(main.getByRole('table', { name: /날짜별 구독자 수/ }).getByRole('row')).toHaveCount(29);
    await expect(main.getByText(/최고 동시 시청자 [\d,]+명/).first()).toBeVisible();
    await expect(main.getByRole('img', { name: /분당 동시 시청자 그래프/ }).first().locator('canvas')).toHaveCount(1);

    await main.getByRole('link', { name: '7일' }).click();
    await expect(page).toHaveURL(/\?days=7$/);
    await expect(main.getByRole('link', { name: '7일' })).toHaveAttribute('aria-current', 'page');
    // The table stays open across the switch, now with 7 days.
    await expect(main.getByRole('table', { name: '일별 조회수, 시청 시간, 평균 시청 지속 시간' }).getByRole('row')).toHaveCount(8);

    for (const language of ['ko', 'en'] as const) {
      await page.evaluate((value) => localStorage.setItem('studio.locale', value), language);
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/studio/channels/${channelId}/insights?days=90`);
        await waitForSettledPage(page);
        await expect(page.getByRole('main').locator('canvas').first()).toBeVisible();
        for (const details of await page.getByRole('main').locator('details').all()) await details.evaluate((element) => element.setAttribute('open', ''));
        await expectNoSeriousViolations(page, `insights, ${language}, ${width}px`);
        if (shots) await page.screenshot({ path: `${shots}/insights-${language}-${width}.png`, fullPage: true });
      }
    }
  });

  test('a channel without views shows the empty state; a stranger gets no insights', async ({ page, world }) => {
    test.setTimeout(120_000);
    const me = await world.person('Creator');
    const stranger = await world.person('Stranger');
    const channel = await world.channel(me, { channel_type: 'CONTENTS_CHANNEL', status: 'SERVICE' });
    await login(page, me, `/studio/channels/${channel.id}/insights`);
    const main = page.getByRole('main');
    await expect(main.getByText('이 기간에 집계된 조회가 없습니다.')).toBeVisible();
    await expect(main.locator('canvas')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'insights, empty');
    if (shots) await page.screenshot({ path: `${shots}/insights-empty.png`, fullPage: true });
    await page.context().clearCookies();
    await login(page, stranger, `/studio/channels/${channel.id}/insights`);
    await expect(page.getByRole('main').getByText('이 기간에 집계된 조회가 없습니다.')).toHaveCount(0);
  });
});
