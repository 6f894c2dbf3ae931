import { expect, test } from './fixtures';
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
});
