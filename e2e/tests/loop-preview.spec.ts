import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createContent } from '../../apps/server/src/seed/factories';
import { expect, login, test } from './fixtures';
import { expectVideoPlays, publishedLoop } from './loop-clips';

// Issue 25: a loop's preview in the studio (where its title leads from the channel home) plays its
// video with its poster, and says so when the video is still being processed or its processing failed.

const screens = process.env.SCREENSHOT_DIR;
async function shots(page: Page, name: string) {
  if (!screens) return;
  mkdirSync(screens, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.screenshot({ path: path.join(screens, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const videoOf = (page: Page) => page.getByRole('main').locator('video');

test('a published loop: its title opens the preview, which plays the rendition with its poster', async ({ page, world }) => {
  test.setTimeout(180_000);
  const { channel, contentId } = await publishedLoop(page, world, 'Previewer', { title: '미리보기 루프', thumbnailIndex: 1 });

  await page.goto(`/studio/channels/${channel.id}`);
  await page.getByRole('link', { name: '미리보기 루프', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/contents/${contentId}/preview$`));
  const video = videoOf(page);
  await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/);
  await expect(video).toHaveAttribute('poster', /^\/media\/thumbnails\//);
  await expect(video).toHaveAccessibleName('미리보기 루프 영상');
  await expectVideoPlays(video);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await shots(page, 'h-load-preview-ready-ko');

  await page.evaluate(() => localStorage.setItem('studio.locale', 'en'));
  await page.reload();
  await expect(videoOf(page)).toHaveAccessibleName('Video of 미리보기 루프');
  await shots(page, 'h-load-preview-ready-en');
});

test('a loop still processing and one whose processing failed say so instead of a player', async ({ page, world }) => {
  const me = await world.person('Waiter');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  const processing = await createContent(world.db, { channel_id: channel.id, author_user_id: me.userId, kind: 'SHORTS', status: 'IN_PROCESSING', title: '처리 중인 루프', view_count: 0, thumbnail_url: null });
  const failed = await createContent(world.db, {
    channel_id: channel.id,
    author_user_id: me.userId,
    kind: 'SHORTS',
    status: 'PUBLIC',
    title: '다시 만들다 실패한 루프',
    view_count: 0,
    thumbnail_url: null,
    video_url: `/media/loops/${randomUUID()}.mp4`,
  });
  // Its latest run failed: the rendition the row still names is not offered.
  const now = new Date();
  await world.db
    .insertInto('loops')
    .values({ id: randomUUID(), channel_id: channel.id, user_id: me.userId, total_bytes: 1000, uploaded_bytes: 1000, status: 'ERROR', content_id: failed, created_at: now, updated_at: now })
    .execute();

  await login(page, me, `/studio/channels/${channel.id}/contents/${processing}/preview`);
  await expect(page.getByRole('status').filter({ hasText: '영상을 처리하고 있습니다.' })).toBeVisible();
  await expect(videoOf(page)).toHaveCount(0);
  await shots(page, 'h-load-preview-processing-ko');

  await page.goto(`/studio/channels/${channel.id}/contents/${failed}/preview`);
  await expect(page.getByRole('status').filter({ hasText: '영상 처리에 실패했습니다.' })).toBeVisible();
  await expect(videoOf(page)).toHaveCount(0);
  await shots(page, 'h-load-preview-failed-ko');

  await page.evaluate(() => localStorage.setItem('studio.locale', 'en'));
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Processing the video failed.' })).toBeVisible();
  await shots(page, 'h-load-preview-failed-en');
  await page.goto(`/studio/channels/${channel.id}/contents/${processing}/preview`);
  await expect(page.getByRole('status').filter({ hasText: 'The video is still being processed.' })).toBeVisible();
  await shots(page, 'h-load-preview-processing-en');
});
