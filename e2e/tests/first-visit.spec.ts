import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

// A route's loader reads what its page shows; the page mounting right after must use that
// answer, not ask the server again (bench/PAGE-LOAD.md found every list read twice).
// /api/me is the one exception: it is revalidated on every page mount on purpose, because
// that is how a lost session is noticed (features/users/api/get-me.ts), so it may come twice.

/** The /api/ paths (query strings dropped) the page asks for, in order, from now on. */
function recordApiCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

function countByPath(calls: string[]) {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
  return counts;
}

/** Opens `path` afresh (a full load: a new query cache), waits until `usable` is on screen and a little longer for any late request. */
async function firstVisit(page: Page, path: string, usable: (page: Page) => Promise<void>) {
  // Leave the page before first: requests the previous page still had on their way (the sign-in
  // lands on the studio home too) must not be counted as this visit's.
  await page.goto('about:blank');
  const calls = recordApiCalls(page);
  await page.goto(path);
  await usable(page);
  // A page that refetched on mount would have sent the second request by now; this wait
  // only lets requests already on their way be seen (generous on a loaded machine).
  await page.waitForTimeout(2_000);
  return countByPath(calls);
}

function expectEachPathOnce(counts: Map<string, number>, expected: string[]) {
  const twice = [...counts].filter(([path, count]) => count > (path === '/api/me' ? 2 : 1));
  expect(twice, 'paths requested more than once').toEqual([]);
  for (const path of expected) expect(counts.get(path), `${path} requested`).toBe(1);
}

test.describe('first visit', () => {
  test('studio home, channel management and channel home ask for each thing once', async ({ page }) => {
    await login(page, 'creator');
    const channels = (await (await page.request.get('/api/my/channels')).json()) as { id: number; name: string }[];
    const studioDaily = channels.find((channel) => channel.name === 'Studio Daily');
    expect(studioDaily, "creator's demo channel").toBeDefined();

    const main = page.getByRole('main');

    const home = await firstVisit(page, '/studio/', async () => {
      await expect(main.getByRole('link', { name: /Studio Daily/ }).first()).toBeVisible();
    });
    expectEachPathOnce(home, ['/api/my/channels', '/api/channels/management/invite']);

    const management = await firstVisit(page, '/studio/channels/management', async () => {
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(main.locator('[data-channel-id]').first()).toBeVisible();
    });
    expectEachPathOnce(management, ['/api/channels/management', '/api/channels/management/tab-count']);

    const channelHome = await firstVisit(page, `/studio/channels/${studioDaily!.id}`, async () => {
      await expect(main.getByRole('heading', { level: 1, name: 'Studio Daily' })).toBeVisible();
      await expect(main.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').first()).toBeVisible();
    });
    expectEachPathOnce(channelHome, [`/api/channels/${studioDaily!.id}`, `/api/channels/${studioDaily!.id}/contents`]);
  });
});
