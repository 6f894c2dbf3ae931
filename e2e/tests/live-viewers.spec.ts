import { expectNoSeriousViolations } from './axe';
import { expect, login, test } from './fixtures';
import { shot } from './screens';
import { createLive, createStreamKey } from '../../apps/server/src/seed/factories';

/**
 * Issue 23, point 4: the live page shows the concurrent viewers of an on-air live, updated as it
 * changes. Anonymous viewers open the live's public page in browsers of their own (each its own
 * first-party viewer id); the page pings the presence endpoint, and the studio's live page, polling
 * its stream state, shows the figure rise with them and fall once they have left for the 30-second
 * window, the peak kept.
 */
test('the live page counts the viewers of the public page as they come and go, and keeps the peak', async ({ page, browser, world }) => {
  test.setTimeout(180_000);
  const me = await world.person('Streamer');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', live_status: 'SERVICE', status: 'SERVICE' });
  const key = await createStreamKey(world.db, { channel_id: channel.id, title: '메인 스튜디오', created_at: new Date() });
  const liveId = await createLive(world.db, {
    channel_id: channel.id,
    stream_key_id: key.id,
    title: '시청자 세기 라이브',
    description: '',
    thumbnail_url: null,
    status: 'START',
    air_slot: 1,
    created_at: new Date(Date.now() - 600_000),
    started_at: new Date(Date.now() - 300_000),
  });

  await login(page, me, `/studio/channels/${channel.id}/videos/lives/${liveId}`);
  const figure = page.getByTestId('stream-state').getByRole('definition').filter({ hasText: /명 \(최고/ });
  await expect(figure).toHaveText('0명 (최고 0명)');

  // Three viewers, each in a browser of their own, open the public page of the live on air.
  const viewers = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL: test.info().project.use.baseURL })));
  for (const viewer of viewers) {
    const tab = await viewer.newPage();
    await tab.goto(`/c/${channel.id}/live/${liveId}`);
    await expect(tab.getByRole('heading', { name: '시청자 세기 라이브' })).toBeVisible();
  }
  await expect(figure).toHaveText('3명 (최고 3명)', { timeout: 20_000 });
  await expectNoSeriousViolations(page, 'live page with viewers');
  await shot(page, 'live-viewers');

  // Two leave: after the window the figure falls, and the peak stays.
  await viewers[0]!.close();
  await viewers[1]!.close();
  await expect(figure).toHaveText('1명 (최고 3명)', { timeout: 60_000 });
  await viewers[2]!.close();
  await expect(figure).toHaveText('0명 (최고 3명)', { timeout: 60_000 });
});
