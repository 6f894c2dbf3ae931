import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, login, test, type World } from './fixtures';
import { shot } from './screens';

// A real encoder against the studio's embedded RTMP ingest: ffmpeg publishes
// to the server address and secret key the live page shows, as a creator
// would paste them into OBS.

const encoders = new Set<ChildProcess>();
test.afterEach(() => {
  for (const encoder of encoders) encoder.kill('SIGKILL');
  encoders.clear();
});

/** ffmpeg's test picture and tone, encoded the way the issue asks, to `server/key`. */
function publish(server: string, key: string): ChildProcess {
  const encoder = spawn(
    process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '60', '-c:a', 'aac', '-f', 'flv'],
      `${server}/${key}`,
    ],
    { stdio: 'ignore' },
  );
  encoders.add(encoder);
  return encoder;
}

async function liveChannel(world: World) {
  const me = await world.person('Streamer');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', live_status: 'SERVICE', shorts_status: 'SERVICE', use_document_write: true });
  return { me, channel };
}


/** The page's video is decoding frames: it has data and its clock moves. */
async function expectPlaying(page: Page, testId: string) {
  await expect
    .poll(() => page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.currentTime > 0.2), {
      timeout: 20_000,
    })
    .toBe(true);
}

test('a creator adds a key from the create menu, publishes with ffmpeg, sees receiving and the preview, starts, closes and plays the replay', async ({ page, world }) => {
  test.setTimeout(240_000);
  const { me, channel } = await liveChannel(world);
  await login(page, me);

  // The create menu's live option opens 'Start live broadcast'; a new channel has no key yet.
  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  const layer = page.getByRole('dialog', { name: '라이브 방송 시작' });
  await expect(layer.getByText('스트림 키가 없습니다. 새 스트림 키를 추가해 주세요.')).toBeVisible();
  await expect(layer.getByRole('button', { name: '확인' })).toBeDisabled();

  await layer.getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await add.getByRole('textbox', { name: '스트림 키 이름' }).fill('  메인 스튜디오 ');
  await expect(add.getByText('10/20')).toBeVisible();
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page.getByText('스트림 키가 추가되었습니다.')).toBeVisible();

  // Adding from the creation layer opens the new live's page, which closes the layer.
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/videos/lives/\\d+$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('준비', { exact: true })).toBeVisible();

  // What OBS asks for: the server address and the secret key, masked until revealed.
  const server = await page.getByTestId('ingest-server').inputValue();
  expect(server).toMatch(/^rtmp:\/\/localhost:\d+\/live$/);
  const keyField = page.getByTestId('ingest-key');
  await expect(keyField).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: '보기' }).click();
  await expect(keyField).toHaveAttribute('type', 'text');
  const key = await keyField.inputValue();
  expect(key.length).toBeGreaterThan(16);
  // The secret is in no address the page uses.
  const playerInfo = await page.evaluate(async (url) => (await fetch(url)).text(), page.url().replace('/studio/channels', '/api/channels').replace('/videos/lives/', '/lives/') + '/player-info');
  expect(playerInfo).not.toContain(key);

  await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'IDLE');
  publish(server, key);
  await expect(page.getByTestId('stream-state').getByText('수신 중')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('stream-state').getByText('H.264 / AAC')).toBeVisible();
  await expect(page.getByTestId('stream-state').getByText('1280×720')).toBeVisible();
  await expectPlaying(page, 'live-preview');

  await page.getByRole('button', { name: '방송 시작' }).click();
  await page.getByRole('dialog', { name: '방송을 시작할까요?' }).getByRole('button', { name: '방송 시작' }).click();
  await expect(page.getByText('방송을 시작했습니다.')).toBeVisible();
  await expect(page.getByText('방송 중', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '시청자 화면 (HLS)' })).toBeVisible();
  // The public address plays too (HLS remuxed by ffmpeg, hls.js in the page).
  await expectPlaying(page, 'live-public-player');

  await page.getByRole('button', { name: '방송 종료' }).click();
  await page.getByRole('dialog', { name: '방송을 종료할까요?' }).getByRole('button', { name: '방송 종료' }).click();
  await expect(page.getByText('방송을 종료했습니다.')).toBeVisible();
  await expect(page.getByText('종료', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '다시 보기' })).toBeVisible();
  await expect
    .poll(() => page.getByTestId('live-replay').evaluate((video: HTMLVideoElement) => video.duration), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await shot(page, 'live-page-replay');

  // Issue 24: the replay is a content of kind LIVE on channel home, with its length, status and views,
  // played by the same HLS player.
  const livePage = page.url();
  await page.goto(`/studio/channels/${channel.id}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '메인 스튜디오' }) });
  await expect(row.getByText('라이브', { exact: true })).toBeVisible();
  await expect(row.getByText('공개', { exact: true })).toBeVisible();
  await expect(row.getByLabel(/^길이 \d+:\d{2}$/)).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/thumbnails\/.+\.jpg$/);
  await shot(page, 'channel-home-replay-row');
  await row.getByRole('button', { name: '메인 스튜디오 재생' }).click();
  // The recording's VOD playlist in the same HLS player: its whole length is known.
  await expect
    .poll(() => page.getByTestId('replay-player').evaluate((video: HTMLVideoElement) => video.duration), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await shot(page, 'channel-home-replay-playing');
  await page.keyboard.press('Escape');
  // The row opens the live's page.
  await row.getByRole('link', { name: '메인 스튜디오', exact: true }).click();
  await expect(page).toHaveURL(livePage);
});

test('an encoder that drops shows the grace window counting down; reconnecting within it carries on the same live', async ({ page, world }) => {
  test.setTimeout(120_000);
  const { me, channel } = await liveChannel(world);
  await login(page, me);
  // As in the first test: the create menu's live option, a new key from its layer, the new live's page.
  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  const layer = page.getByRole('dialog', { name: '라이브 방송 시작' });
  await layer.getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await add.getByRole('textbox', { name: '스트림 키 이름' }).fill('재연결');
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/videos/lives/\\d+$`));
  const liveUrl = page.url();

  const server = await page.getByTestId('ingest-server').inputValue();
  await page.getByRole('button', { name: '보기' }).click();
  const key = await page.getByTestId('ingest-key').inputValue();
  let encoder = publish(server, key);
  await expect(page.getByTestId('stream-state').getByText('수신 중')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '방송 시작' }).click();
  await page.getByRole('dialog', { name: '방송을 시작할까요?' }).getByRole('button', { name: '방송 시작' }).click();
  await expect(page.getByText('방송을 시작했습니다.')).toBeVisible();

  encoder.kill('SIGKILL');
  const countdown = page.getByTestId('grace-countdown');
  await expect(countdown).toBeVisible({ timeout: 15_000 });
  await expect(countdown).toContainText('초 안에 다시 연결하면 같은 방송과 녹화가 이어집니다.');
  const first = Number(await countdown.getAttribute('data-seconds'));
  await expect.poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 5_000 }).toBeLessThan(first);
  await shot(page, 'live-page-grace-countdown');

  encoder = publish(server, key);
  await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'RECEIVING', { timeout: 15_000 });
  await expect(countdown).toHaveCount(0);
  await expect(page).toHaveURL(liveUrl);
  await expect(page.getByText('방송 중', { exact: true }).first()).toBeVisible();
});

test('the owner trims the replay from a keyboard-usable dialog: mm:ss inputs, the resulting length, trimming, then the shorter replay plays', async ({ page, world }) => {
  test.setTimeout(180_000);
  const { me, channel } = await liveChannel(world);
  await login(page, me);
  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  await page.getByRole('dialog', { name: '라이브 방송 시작' }).getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await add.getByRole('textbox', { name: '스트림 키 이름' }).fill('자르기');
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/videos/lives/\\d+$`));
  const liveId = Number(page.url().split('/').pop());

  const server = await page.getByTestId('ingest-server').inputValue();
  await page.getByRole('button', { name: '보기' }).click();
  publish(server, await page.getByTestId('ingest-key').inputValue());
  await expect(page.getByTestId('stream-state').getByText('수신 중')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '방송 시작' }).click();
  await page.getByRole('dialog', { name: '방송을 시작할까요?' }).getByRole('button', { name: '방송 시작' }).click();
  await expect(page.getByText('방송을 시작했습니다.')).toBeVisible();
  // About twelve seconds recorded: six two-second segments.
  await expect
    .poll(async () => (await page.evaluate(async (url) => (await fetch(url)).text(), `/live/${liveId}/index.m3u8`)).match(/\.ts/g)?.length ?? 0, { timeout: 40_000 })
    .toBeGreaterThanOrEqual(6);
  await page.getByRole('button', { name: '방송 종료' }).click();
  await page.getByRole('dialog', { name: '방송을 종료할까요?' }).getByRole('button', { name: '방송 종료' }).click();
  await expect(page.getByText('방송을 종료했습니다.')).toBeVisible();
  const replay = page.getByTestId('live-replay');
  await expect.poll(() => replay.evaluate((video: HTMLVideoElement) => video.duration), { timeout: 20_000 }).toBeGreaterThan(10);
  const before = await replay.evaluate((video: HTMLVideoElement) => video.duration);

  // By keyboard: the button opens the dialog, focus stays inside, Esc closes it and returns focus.
  const open = page.getByRole('button', { name: '앞뒤 자르기' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '다시 보기 앞뒤 자르기' });
  await expect(dialog).toBeVisible();
  const lengthText = (await dialog.getByText(/^현재 길이 0:\d\d$/).textContent()) ?? '';
  const wholeSeconds = Number(lengthText.slice(-2));
  expect(wholeSeconds).toBeGreaterThanOrEqual(10);
  const start = dialog.getByRole('textbox', { name: '시작' });
  const end = dialog.getByRole('textbox', { name: '끝' });
  await expect(start).toHaveValue('0:00');
  await expect(dialog.getByText('처음과 끝이 그대로입니다.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '자르기' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await start.fill('0:99');
  await expect(dialog.getByText('분:초 형식으로 입력해 주세요.')).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await start.fill('0:05');
  // From 0:05 to the end: the length shown less five seconds.
  await expect(dialog.getByTestId('replay-trim-result')).toContainText(`자른 뒤 길이: 약 0:${String(wholeSeconds - 5).padStart(2, '0')}`);
  await expectNoSeriousViolations(page, 'replay trim dialog, 1366 px');
  await shot(page, 'replay-trim-dialog-ko-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, 'replay trim dialog, 390 px');
  await shot(page, 'replay-trim-dialog-ko-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Enter in the field submits; the original plays until the trimmed replay takes its place.
  await end.press('Enter');
  await expect(page.getByText('다시 보기 자르기를 시작했습니다.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.getByTestId('live-replay').evaluate((video: HTMLVideoElement) => video.duration), { timeout: 30_000 }).toBeLessThan(before - 3);
  await expect(page.getByTestId('replay-trim-running')).toHaveCount(0);
  // The thumbnail taken from the recording (replaced from the trimmed part when cut off) shows on the live page.
  await expect(page.getByText('썸네일 없음')).toHaveCount(0);
  await shot(page, 'replay-trimmed-ko-1366');

  // The same dialog in English, at both widths.
  await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Trim start and end' }).click();
  const english = page.getByRole('dialog', { name: 'Trim the replay' });
  await english.getByRole('textbox', { name: 'Start' }).fill('0:02');
  await expect(english.getByTestId('replay-trim-result')).toContainText('Length after trimming: about');
  await expectNoSeriousViolations(page, 'replay trim dialog in English, 1366 px');
  await shot(page, 'replay-trim-dialog-en-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'replay-trim-dialog-en-390');
});

test("step 2 of 'Start live broadcast' lists the chosen key's ended lives, and confirm opens the new live's page", async ({ page, world }) => {
  const { me, channel } = await liveChannel(world);
  await login(page, me, `/studio/channels/${channel.id}/videos/lives`);
  // Two keys through the API as the page would make them.
  await page.getByRole('button', { name: '스트림 키 관리' }).click();
  const manage = page.getByRole('dialog', { name: '스트림 키 관리' });
  for (const title of ['메인', '야외']) {
    await manage.getByRole('button', { name: '새 스트림 키 추가' }).click();
    const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
    await add.getByRole('textbox').fill(title);
    await add.getByRole('button', { name: '추가' }).click();
    await expect(manage.getByText(title, { exact: true })).toBeVisible();
  }
  // Renaming: one row at a time, and an unchanged title sends nothing.
  await manage.getByRole('button', { name: '수정: 메인' }).click();
  await manage.getByRole('button', { name: '수정: 야외' }).click();
  await expect(page.getByText('스트림 키 수정이 완료되지 않았습니다.')).toBeVisible();
  await manage.getByRole('textbox', { name: '메인 이름' }).fill('메인 스튜디오');
  await manage.getByRole('button', { name: '완료: 메인' }).click();
  await expect(page.getByText('스트림 키 수정이 완료되었습니다.')).toBeVisible();
  await expect(manage.getByText('메인 스튜디오', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manage).toHaveCount(0);

  await page.getByRole('button', { name: '라이브 방송 시작' }).click();
  const layer = page.getByRole('dialog', { name: '라이브 방송 시작' });
  await expect(layer.getByRole('radiogroup', { name: '2. 이전 방송 선택' })).toHaveCount(0);
  await layer.getByRole('radio', { name: '메인 스튜디오' }).check();
  const step2 = layer.getByRole('radiogroup', { name: '2. 이전 방송 선택' });
  await expect(step2.getByText('이 스트림 키로 종료된 방송이 없습니다.')).toBeVisible();
  await layer.getByRole('button', { name: '확인' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/videos/lives/\\d+$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('ingest-server')).toBeVisible();
});

test("a failed stream state fetch says '스트림 정보를 가져오지 못 했습니다.'", async ({ page, world }) => {
  const { me, channel } = await liveChannel(world);
  await login(page, me, `/studio/channels/${channel.id}/videos/lives/create`);
  const layer = page.getByRole('dialog', { name: '라이브 방송 시작' });
  await layer.getByRole('button', { name: '새 스트림 키 추가' }).click();
  await page.getByRole('dialog', { name: '새 스트림 키 추가' }).getByRole('textbox').fill('키');
  await page.getByRole('dialog', { name: '새 스트림 키 추가' }).getByRole('button', { name: '추가' }).click();
  await expect(page.getByTestId('stream-state')).toHaveAttribute('data-reception', 'IDLE');
  await page.route('**/lives/streams/state/**', (route) => route.abort('connectionreset'));
  await expect(page.getByTestId('stream-state').getByText('스트림 정보를 가져오지 못 했습니다.')).toBeVisible({ timeout: 12_000 });
  await page.unroute('**/lives/streams/state/**');
  await expect(page.getByTestId('stream-state').getByText('스트림 정보를 가져오지 못 했습니다.')).toHaveCount(0, { timeout: 12_000 });
});
