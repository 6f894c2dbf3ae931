import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import { expectVideoPlays } from './loop-clips';
import { shot } from './screens';

/**
 * Issue #12 as it will be checked: a 30-second vertical clip made by ffmpeg, the connection cut
 * part-way, a reload, the same file chosen again and the upload continuing where the server says it
 * stopped; then processing, a thumbnail, publishing and playing it from the channel home.
 * `SCREENS_DIR=…` also keeps screenshots of each state.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-resume-'));
const clip = path.join(dir, 'vertical-30s.mp4');
const CHUNK = LOOP_UPLOAD_CHUNK_BYTES;
test.beforeAll(() => {
  // ~45 MB at a fixed bitrate: four or five tus pieces, so "part-way" is a whole piece in and several to go.
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '12M', '-maxrate', '12M', '-bufsize', '24M',
    '-c:a', 'aac', '-shortest', '-movflags', '+faststart', clip,
  ]);
});


test('an upload cut part-way resumes after a reload from the server offset, processes, publishes and plays', async ({ page, world }) => {
  test.setTimeout(300_000);
  const size = statSync(clip).size;
  expect(size).toBeGreaterThan(3 * CHUNK);
  const me = await world.person('Resumer');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  const uploadPage = `/studio/channels/${channel.id}/videos/shorts/upload`;
  await login(page, me, uploadPage);

  // The first chunk goes through; then the network "drops": every later PATCH is aborted.
  let patches = 0;
  await page.route('**/loops/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    return patches === 1 ? route.continue() : route.abort('internetdisconnected');
  });
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect.poll(() => patches, { timeout: 30_000 }).toBeGreaterThan(1);
  await expect(page.getByText(/^[\d.]+ MB \/ [\d.]+ MB \(\d+%\)$/)).toBeVisible();
  // The page says the upload is trying again rather than showing a stale pace.
  await expect(page.getByRole('status').filter({ hasText: '연결을 다시 시도하는 중…' })).toBeVisible();
  await shot(page, 'ko-1-interrupted');

  // Reload, then bring the network back, and choose the same file again. The network stays down
  // through the reload: a retry of the old page let through before it unloads would leave part of a
  // piece on the server, and the offset asserted below would depend on that race.
  await page.reload();
  await page.unroute('**/loops/uploads/*');
  await expect(page.getByRole('heading', { name: '끝나지 않은 업로드' })).toBeVisible();
  const heads: { offset: string | null }[] = [];
  const resumed: { offset: string | null }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!/\/loops\/uploads\/[0-9a-f-]{36}$/.test(request.url())) return;
    if (request.method() === 'HEAD') heads.push({ offset: response.headers()['upload-offset'] ?? null });
  });
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/loops\/uploads\/[0-9a-f-]{36}$/.test(request.url())) resumed.push({ offset: request.headers()['upload-offset'] ?? null });
  });
  await page.locator('input[type="file"]').setInputFiles(clip);

  // The server said where it stopped (one whole chunk), and the browser went on from there, not from zero.
  await expect.poll(() => resumed.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(heads[0]?.offset).toBe(String(CHUNK));
  expect(resumed[0]?.offset).toBe(String(CHUNK));
  expect(resumed.every((patch) => Number(patch.offset) >= CHUNK)).toBe(true);

  // Processing follows on the page; the title is written meanwhile.
  await expect(page).toHaveURL(/#loop=[0-9a-f-]{36}$/, { timeout: 60_000 });
  await page.getByLabel('제목').fill('이어 올린 30초 루프');
  await page.getByLabel('설명').fill('끊겼다가 이어서 올라간 영상입니다.');
  await expect(page.getByRole('status').filter({ hasText: /처리를 기다리는 중|처리를 시작했습니다|변환 중/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '발행하기' })).toBeDisabled();
  await shot(page, 'ko-2-processing');
  await expect(page.getByRole('status').filter({ hasText: /^처리 완료$/ })).toBeVisible({ timeout: 180_000 });
  await page.getByRole('radio', { name: '2번째 썸네일' }).check();
  await expect(page.getByText('썸네일을 골랐습니다.')).toBeVisible();
  await shot(page, 'ko-3-complete');

  // The reservation form is the editor's: the 10-minute step in Korean time.
  await page.getByRole('radio', { name: '예약 공개' }).check();
  await expect(page.getByRole('group', { name: '예약 시간 (한국 시간, UTC+9)' })).toBeVisible();
  await expect(page.getByRole('button', { name: '예약하기' })).toBeEnabled();
  await shot(page, 'ko-4-reserve-form');
  await page.getByRole('radio', { name: '지금 공개' }).check();
  await page.getByRole('button', { name: '발행하기' }).click();
  await expect(page.getByText('루프를 발행했습니다.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '발행한 루프' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '채널 홈에 공개했습니다.' })).toBeVisible();
  await shot(page, 'ko-5-published');

  // The channel home lists it as a loop with its thumbnail, length, status and views, and plays it.
  await page.getByRole('link', { name: '채널 홈에서 보기' }).click();
  const row = page.getByRole('listitem').filter({ hasText: '이어 올린 30초 루프' });
  await expect(row).toContainText('루프');
  await expect(row).toContainText('공개');
  await expect(row.getByLabel('길이 0:30')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/thumbnails\//);
  await expect(row).toContainText('조회수');
  await shot(page, 'ko-6-channel-home');
  await row.getByRole('button', { name: '이어 올린 30초 루프 재생' }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toHaveAttribute('src', /^\/media\/loops\/[0-9a-f-]{36}\.mp4$/);
  await expectVideoPlays(video);
  await shot(page, 'ko-7-playing');
});

test('in English, a processed loop is reserved on the 10-minute step and its row reads as reserved', async ({ page, world }) => {
  test.setTimeout(180_000);
  const me = await world.person('Reserver');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await page.addInitScript(() => localStorage.setItem('studio.locale', 'en'));
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loop upload' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(clip);
  await page.getByLabel('Title').fill('Evening clip');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect(page.getByText('You can publish once processing is done.')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'en-2-processing');
  await expect(page.getByRole('status').filter({ hasText: /^Processed$/ })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await shot(page, 'en-3-complete');
  await page.getByRole('radio', { name: 'Reserve publication' }).check();
  // The earliest slot is preselected; a later hour is chosen.
  const hour = page.getByRole('combobox', { name: 'Hour' });
  const options = await hour.locator('option:not([disabled])').allTextContents();
  await hour.selectOption({ label: options[options.length - 1]! });
  await shot(page, 'en-4-reserve-form');
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText(/^Reserved to publish at /)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^It is reserved to go public at / })).toBeVisible();
  await shot(page, 'en-5-published');
  await page.getByRole('link', { name: 'See it on the channel home' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Evening clip' });
  await expect(row).toContainText('Loop');
  await expect(row.getByText('Scheduled to publish')).toBeVisible();
  await expect(row.getByText(/^Reserved /)).toBeVisible();
  await expect(row.getByLabel('Length 0:30')).toBeVisible();
  await shot(page, 'en-6-channel-home');
});

test('someone without a role on the channel gets the no-permission screen, and the API refuses the upload', async ({ page, world }) => {
  const owner = await world.person('Owner');
  const channel = await world.channel(owner, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  const daily = await world.db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
  for (const id of [Number(daily.id), channel.id]) {
    await switchOrLogin(page, `/studio/channels/${id}/videos/shorts/upload`);
    await expect(page.getByText('이 채널에 대한 권한이 없습니다.')).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    const created = await page.request.post(`/api/channels/${id}/loops/uploads`, { headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', origin: new URL(page.url()).origin } });
    expect(created.status()).toBe(403);
    expect(((await created.json()) as { code: string }).code).toBe('CHANNEL_ACCESS_DENIED');
  }
  await shot(page, 'ko-8-newbie-refused');

  async function switchOrLogin(target: Page, url: string) {
    if (target.url().includes('/studio/')) await target.goto(url);
    else await login(target, 'newbie', url);
  }
});
