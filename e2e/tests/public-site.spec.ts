import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { publishedLoop } from './loop-clips';
import { shot } from './screens';
import { contents } from './world';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The public site in a real browser (issue 23, points 1 and 2): a reader who is signed in nowhere
// opens a published article, its page reports the view, and the studio's roll-up counts distinct readers.
test.describe('the public site', () => {
  test('an article page reports its view once per reader, and the roll-up counts each reader once', async ({ browser, page, world }) => {
    // The roll-up waits for a window to close before it counts it.
    test.setTimeout(150_000);
    const writer = await world.person('Writer');
    const channel = await world.channel(writer);
    await contents(world, channel.id, writer, [['CONTENT_VIEW', 'PUBLIC', '공개 기사: 겨울 축제 안내', 0]]);
    const { id } = await world.db.selectFrom('contents').select('id').where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    const contentId = Number(id);
    const beaconOf = (reader: typeof page) => reader.waitForResponse((response) => response.url().endsWith('/api/public/beacons') && response.request().method() === 'POST');

    const first = beaconOf(page);
    await page.goto(`/c/${channel.id}/${contentId}`);
    await expect(page.getByRole('heading', { level: 1, name: '공개 기사: 겨울 축제 안내' })).toBeVisible();
    const sent = await first;
    expect(sent.status()).toBe(202);
    const batch = sent.request().postDataJSON() as { viewerId: string; beacons: unknown[] };
    expect(batch.viewerId).toMatch(UUID);
    expect(batch.beacons).toEqual([{ contentId, kind: 'VIEW_START' }]);

    // The same reader again: the same viewer id (first-party storage), so still one view.
    const again = beaconOf(page);
    await page.reload();
    expect((await again).request().postDataJSON()).toMatchObject({ viewerId: batch.viewerId });

    // Another reader (a browser of their own) is another view.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const third = beaconOf(otherPage);
    await otherPage.goto(`${new URL(page.url()).origin}/c/${channel.id}/${contentId}`);
    expect((await third).request().postDataJSON()).not.toMatchObject({ viewerId: batch.viewerId });
    await other.close();

    const raw = await world.db.selectFrom('view_events').select('viewer_id').where('content_id', '=', contentId).execute();
    expect(raw).toHaveLength(3);
    // The worker rolls closed windows every few seconds: two readers, two views, whatever the reload sent.
    await expect
      .poll(async () => Number((await world.db.selectFrom('content_views_daily').select('views').where('content_id', '=', contentId).executeTakeFirst())?.views ?? 0), { timeout: 90_000, intervals: [2_000] })
      .toBe(2);
  });

  test('a loop page counts a view when it plays and its watch time from the heartbeats, once the roll-up runs', async ({ browser, page, world }) => {
    test.setTimeout(180_000);
    const { channel, contentId, origin } = await publishedLoop(page, world, 'Looper', { title: '공개 루프: 바다 산책', thumbnailIndex: 0 });

    // A viewer signed in nowhere opens the loop's page: nothing is counted before it plays.
    const viewer = await browser.newContext();
    const watch = await viewer.newPage();
    const beacons: { kind: string; seconds?: number; position?: number }[] = [];
    watch.on('request', (request) => {
      if (request.url().endsWith('/api/public/beacons') && request.method() === 'POST') beacons.push(...(request.postDataJSON() as { beacons: typeof beacons }).beacons);
    });
    await watch.goto(`${origin}/c/${channel.id}/${contentId}`);
    await expect(watch.getByRole('heading', { level: 1, name: '공개 루프: 바다 산책' })).toBeVisible();
    const video = watch.locator('video');
    await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/);
    await watch.waitForTimeout(1_000);
    expect(beacons).toEqual([]);

    const started = watch.waitForResponse((response) => response.url().endsWith('/api/public/beacons') && response.request().postData()!.includes('VIEW_START'));
    const beat = watch.waitForResponse((response) => response.url().endsWith('/api/public/beacons') && response.request().postData()!.includes('HEARTBEAT'), { timeout: 30_000 });
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    expect((await started).status()).toBe(202);
    // The four-second loop plays to its end; stopping there sends what was played (whole seconds; the rest waits for more).
    expect((await beat).status()).toBe(202);
    expect(await video.evaluate((element: HTMLVideoElement) => element.ended)).toBe(true);
    const heartbeats = beacons.filter((beacon) => beacon.kind === 'HEARTBEAT');
    const played = heartbeats.reduce((sum, beacon) => sum + (beacon.seconds ?? 0), 0);
    expect(beacons.filter((beacon) => beacon.kind === 'VIEW_START')).toHaveLength(1);
    expect(played).toBeGreaterThanOrEqual(3);
    expect(played).toBeLessThanOrEqual(4);
    expect(heartbeats.every((beacon) => typeof beacon.position === 'number' && beacon.position >= 0 && beacon.position <= 4)).toBe(true);
    await viewer.close();

    // Stored as sent, and rolled up: one view, the seconds played as its watch time.
    const raw = await world.db.selectFrom('view_events').select(['kind', 'seconds']).where('content_id', '=', contentId).execute();
    expect(raw.filter((row) => row.kind === 'VIEW_START')).toHaveLength(1);
    expect(raw.filter((row) => row.kind === 'HEARTBEAT').reduce((sum, row) => sum + Number(row.seconds), 0)).toBe(played);
    await expect
      .poll(
        async () => {
          const day = await world.db.selectFrom('content_views_daily').select(['views', 'watch_seconds']).where('content_id', '=', contentId).executeTakeFirst();
          return day ? { views: Number(day.views), watchSeconds: Number(day.watch_seconds) } : null;
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toEqual({ views: 1, watchSeconds: played });
  });

  test("a channel's page leads to its older contents and back to the newest, without script, at 1366 and 390 px", async ({ page, world }) => {
    // Two widths, four pages each, on a shared machine.
    test.setTimeout(120_000);
    const writer = await world.person('Pager');
    const channel = await world.channel(writer);
    // 53 public contents (a page is 50) and hidden ones among them; the oldest comes last.
    await contents(
      world,
      channel.id,
      writer,
      Array.from({ length: 56 }, (_, n) => (n % 19 === 5 ? ['POST', 'HIDDEN', `숨긴 글 ${n}`, 0] : ['POST', 'PUBLIC', `공개 글 ${String(n + 1).padStart(2, '0')}`, 0])),
    );
    await page.context().route(/\.js(\?|$)/, (route) => route.abort());
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/c/${channel.id}`);
      await expect(page.locator('ul.list li')).toHaveCount(50);
      await expect(page.getByRole('link', { name: '최신 콘텐츠' })).toHaveCount(0);
      await shot(page, `public-channel-ko-${width}`);
      await page.getByRole('link', { name: '이전 콘텐츠' }).click();
      await expect(page).toHaveURL(new RegExp(`/c/${channel.id}\\?before=\\d{4}-.+Z_\\d+$`));
      // The three oldest, none of them hidden.
      await expect(page.locator('ul.list .title')).toHaveText(['공개 글 03', '공개 글 02', '공개 글 01']);
      await expect(page.getByRole('link', { name: '이전 콘텐츠' })).toHaveCount(0);
      await expectNoSeriousViolations(page, `older page at ${width}`);
      await shot(page, `public-channel-older-ko-${width}`);
      await page.getByRole('link', { name: '최신 콘텐츠' }).click();
      await expect(page).toHaveURL(new RegExp(`/c/${channel.id}$`));
      await expect(page.locator('ul.list li')).toHaveCount(50);
    }
    // The footer's switch (issue 23: Korean and English throughout): the same page in English, the choice kept from page to page.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${channel.id}\\?lang=en$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Contents' })).toBeVisible();
    await page.getByRole('link', { name: 'Older contents' }).click();
    await expect(page).toHaveURL(/[?&]before=[^&]+&lang=en$/);
    await expect(page.locator('ul.list .title')).toHaveText(['공개 글 03', '공개 글 02', '공개 글 01']);
    await expectNoSeriousViolations(page, 'older page in English at 390');
    await shot(page, 'public-channel-older-en-390');
    await page.getByRole('link', { name: 'Newest contents' }).click();
    await expect(page).toHaveURL(new RegExp(`/c/${channel.id}\\?lang=en$`));
    await page.getByRole('link', { name: '한국어' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  });
});
