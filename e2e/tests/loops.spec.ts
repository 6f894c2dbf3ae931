import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOOP_MAX_FRAME_SIDE } from '@studio/contract/constants';
import { errorCatalogue } from '@studio/contract/errors';
import { expectNoSeriousViolations } from './axe';
import { expect, login, test } from './fixtures';

/** Clips made by the real encoder for this spec. */
const dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-clips-'));
const clip = path.join(dir, 'vertical.mp4');
const fast = path.join(dir, 'fast.mp4');
const wide = path.join(dir, 'wide.mp4');
test.beforeAll(() => {
  const encode = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  encode(['-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  // Vertical, so the page's orientation hint (issue 25) does not stand between it and the server.
  encode(['-f', 'lavfi', '-i', 'testsrc2=size=64x112:rate=120:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', fast]);
  encode(['-f', 'lavfi', '-i', 'color=c=gray:size=4098x64:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', wide]);
});

test('a creator uploads a vertical clip, watches it process, plays it and picks a thumbnail', async ({ page, world }) => {
  const me = await world.person('Looper');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await expect(page.getByRole('heading', { level: 1, name: '루프 업로드' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(clip);
  // The job runs on the server; the page follows it without a reload.
  await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 30_000 });
  const video = page.locator('video');
  await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/);
  // The browser can play the rendition: it reads its length.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(3);
  await expect(page).toHaveURL(/#loop=[0-9a-f-]{36}$/);

  await page.getByRole('radio', { name: '3번째 썸네일' }).check();
  await expect(page.getByText('썸네일을 골랐습니다.')).toBeVisible();

  // What is written while it processes stays through a reload.
  await page.getByLabel('제목').fill('오늘의 하이라이트');
  await page.reload();
  await expect(page.getByLabel('제목')).toHaveValue('오늘의 하이라이트');
  await expect(page.getByRole('radio', { name: '3번째 썸네일' })).toBeChecked();
});

test('a file that is not a video is refused with the reason, whatever its name', async ({ page, world }) => {
  const me = await world.person('Looper');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('plain text, named like a video\n'.repeat(100)) });
  await expect(page.getByRole('alert')).toContainText('동영상 파일이 아니거나 영상이 없는 파일입니다.');
});

test('a clip over the frame limits is refused with the reason: its size by the page, its frame rate by the server', async ({ page, world }) => {
  const me = await world.person('Looper');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  // The browser reads the frame size before a byte is sent (its own words, not an upload's failure).
  await page.locator('input[type="file"]').setInputFiles(wide);
  await expect(page.getByRole('alert')).toHaveText(`영상 해상도가 너무 높습니다. 가로와 세로 모두 ${LOOP_MAX_FRAME_SIDE}픽셀 이하인 영상만 올릴 수 있습니다.`);
  // A browser does not say a clip's frame rate: the server counts the frames and the page words its code.
  await page.locator('input[type="file"]').setInputFiles(fast);
  await expect(page.getByRole('alert')).toHaveText(`업로드하지 못했습니다: ${errorCatalogue.LOOP_FRAME_RATE_TOO_HIGH.message}`);
});

test('the page is refused where the channel offers no loops: the reason instead of the picker', async ({ page, world }) => {
  const me = await world.person('Looper');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'PAUSE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await expect(page.getByRole('alert')).toContainText('운영자가 이 채널의 루프 업로드 기능을 일시 중지했습니다.');
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
});

test('with three uploads left unfinished a fourth is refused with the numbers; cancelling one from the list makes room', async ({ page, world }) => {
  test.setTimeout(90_000);
  const me = await world.person('Looper');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  // Three uploads started elsewhere (another tab, another device) and never finished: real tus creations.
  const opened = await page.evaluate(async (channelId) => {
    const statuses: number[] = [];
    for (const size of [12_000_000, 30_000_000, 8_000_000]) {
      const answer = await fetch(`/api/channels/${channelId}/loops/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size) } });
      statuses.push(answer.status);
    }
    return statuses;
  }, channel.id);
  expect(opened).toEqual([201, 201, 201]);
  await page.reload();
  const list = page.getByRole('region', { name: '끝나지 않은 업로드' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText('끝나지 않은 업로드는 한 번에 3개까지 둘 수 있고, 24시간 동안 받은 것이 없으면 지워집니다.');

  await page.locator('input[type="file"]').setInputFiles(clip);
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('끝나지 않은 업로드가 3개 있어 새로 올릴 수 없습니다(한 번에 최대 3개).');
  // `SCREENS_DIR=…` keeps what the person sees.
  if (process.env.SCREENS_DIR) await page.screenshot({ path: path.join(process.env.SCREENS_DIR, 'bounds-ko-refused.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'the loop upload page refusing a fourth upload');
  await page.getByRole('button', { name: '끝나지 않은 업로드 보기' }).click();
  await expect(page.getByRole('heading', { name: '끝나지 않은 업로드' })).toBeFocused();

  await list.getByRole('button', { name: '0 B / 29 MB 받은 업로드 취소' }).click();
  await expect(page.getByText('끝나지 않은 업로드를 취소했습니다. 이제 새로 올릴 수 있습니다.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(refusal).toHaveCount(0);
  // Room again: the same file now goes up and is processed.
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 45_000 });
});
