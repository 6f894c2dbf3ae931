import { type ChildProcess, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectNoSeriousViolations, waitForSettledPage } from './axe';
import { expect, login, test } from './fixtures';
import { freePort } from './ports';
import { shot } from './screens';

// Issue 24, point 3, as it will be checked: a restream target served by a local ffmpeg listening for
// RTMP receives the stream while the live is on air; a target on a closed port shows failing with
// its reason; the live page's section is keyboard-usable and axe-clean at 1366 and 390 px.

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const children = new Set<ChildProcess>();
test.afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});

function run(args: string[]): ChildProcess {
  const child = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], { stdio: 'ignore' });
  children.add(child);
  return child;
}


test('a live on air is forwarded to a local RTMP receiver; a closed port shows failing with its reason', async ({ page, world }) => {
  test.setTimeout(240_000);
  const me = await world.person('리스트림 테스트 진행자 이름이 아주 긴 사람');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', live_status: 'SERVICE', shorts_status: 'SERVICE' });
  await login(page, me);

  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  const layer = page.getByRole('dialog', { name: '라이브 방송 시작' });
  await layer.getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await add.getByRole('textbox', { name: '스트림 키 이름' }).fill('유튜브 동시 송출용 키');
  await add.getByRole('button', { name: '추가' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}/videos/lives/\\d+$`));

  const receiverPort = await freePort();
  const closedPort = await freePort();
  const received = path.join(tmpdir(), `restream-e2e-${receiverPort}.flv`);
  run(['-listen', '1', '-i', `rtmp://127.0.0.1:${receiverPort}/live2/target-key-0001`, '-c', 'copy', '-flush_packets', '1', '-f', 'flv', '-y', received]);

  // Added with the keyboard: the field, the key, Enter.
  const section = page.getByTestId('restream-targets');
  await expect(section.getByText('재전송 대상이 없습니다.')).toBeVisible();
  await section.getByRole('button', { name: '재전송 대상 추가' }).click();
  await section.getByLabel('서버 주소').fill('http://wrong');
  await section.getByLabel('스트림 키').fill('target-key-0001');
  await section.getByLabel('스트림 키').press('Enter');
  await expect(section.getByText('rtmp:// 또는 rtmps://로 시작해야 합니다.')).toBeVisible();
  await section.getByLabel('서버 주소').fill(`rtmp://127.0.0.1:${receiverPort}/live2`);
  await section.getByLabel('스트림 키').press('Enter');
  await expect(page.getByText('재전송 대상을 추가했습니다.')).toBeVisible();
  await section.getByRole('button', { name: '재전송 대상 추가' }).click();
  await section.getByLabel('서버 주소').fill(`rtmp://127.0.0.1:${closedPort}/app`);
  await section.getByLabel('스트림 키').fill('closed-port-key-0002');
  await section.getByRole('button', { name: '저장' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  // Saved keys are masked.
  await expect(section.getByText('저장된 키 ••••0001')).toBeVisible();
  await expect(page.getByText('target-key-0001')).toHaveCount(0);

  // Publish as OBS would, then go on air.
  const server = await page.getByTestId('ingest-server').inputValue();
  await page.getByRole('button', { name: '보기' }).click();
  const key = await page.getByTestId('ingest-key').inputValue();
  run([
    ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '60', '-c:a', 'aac', '-f', 'flv'],
    `${server}/${key}`,
  ]);
  await expect(page.getByTestId('stream-state').getByText('수신 중')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '방송 시작' }).click();
  await page.getByRole('dialog', { name: '방송을 시작할까요?' }).getByRole('button', { name: '방송 시작' }).click();
  await expect(page.getByText('방송을 시작했습니다.')).toBeVisible();

  const [good, bad] = [section.getByRole('listitem').nth(0), section.getByRole('listitem').nth(1)];
  await expect(good.getByText('송출 중', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(bad.getByText('서버가 연결을 거부했습니다. 주소와 포트를 확인하세요.', { exact: false })).toBeVisible({ timeout: 20_000 });
  // The receiver gets the stream while on air.
  await expect.poll(() => statSync(received, { throwIfNoEntry: false })?.size ?? 0, { timeout: 20_000 }).toBeGreaterThan(100_000);

  for (const [language, width] of [['ko', 1366], ['ko', 390], ['en', 390], ['en', 1366]] as const) {
    if (language === 'en' && (await page.locator('html').getAttribute('lang')) !== 'en') {
      await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await waitForSettledPage(page);
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, `live page with restream targets, ${language} ${width}px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `restream-live-page-${language}-${width}`);
  }
  await expect(section.getByText('Live', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'End broadcast' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End broadcast' }).click();
  // Closed: nothing is sent any more, the section is gone with the encoder settings.
  await expect(page.getByTestId('restream-targets')).toHaveCount(0);
});
