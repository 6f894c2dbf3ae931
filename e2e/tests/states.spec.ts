import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { expect, login, test, type World } from './fixtures';

/**
 * Issue 25, point 3 (truthful states), in a real browser: a channel the operator stops loses its
 * create menu in a tab already open, without a reload; a create page whose option is off says why;
 * a loop whose job is gone says so and is processed again by its retry; a landscape clip is hinted at.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'studio-e2e-states-'));
const vertical = path.join(dir, 'vertical.mp4');
const landscape = path.join(dir, 'landscape.mp4');
test.beforeAll(() => {
  const encode = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  encode(['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', vertical]);
  encode(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', landscape]);
});

/** The e2e server's data folder (e2e/start-server.mjs writes it beside the database's port). */
const dataDir = () => (JSON.parse(readFileSync(path.join(tmpdir(), `studio-e2e-${process.env.E2E_PORT ?? '8091'}.json`), 'utf8')) as { dataDir: string }).dataDir;

async function signedIn(browser: Browser, who: Parameters<typeof login>[1], target: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await login(page, who, target);
  return page;
}

/** The operator changes the channel through the console's API, as its dialog does. */
async function operatorSets(operatorPage: Page, channelId: number, change: Record<string, unknown>) {
  const answer = await operatorPage.request.patch(`/api/operator/channels/${channelId}`, { data: change, headers: { origin: new URL(operatorPage.url()).origin } });
  expect(answer.status()).toBe(200);
}

const createMenu = (page: Page) => page.getByRole('navigation', { name: '만들기' });
const operatorOf = (world: World) => world.person('운영자', { isOperator: true });

test('a channel the operator stops loses its create menu in an open tab without a reload, and its empty list stops inviting creation', async ({ browser, world }) => {
  const owner = await world.person('채널 주인');
  const channel = await world.channel(owner, { name: `멈출 채널 ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', shorts_status: 'SERVICE', use_post_write: true });
  const operator = await operatorOf(world);
  const ownerPage = await signedIn(browser, owner, `/studio/channels/${channel.id}`);
  await expect(createMenu(ownerPage).getByRole('list', { name: channel.name })).toBeVisible();
  await expect(ownerPage.getByText('위의 만들기 메뉴에서 첫 콘텐츠를 만들어 보세요.')).toBeVisible();

  const operatorPage = await signedIn(browser, operator, '/studio/');
  await operatorSets(operatorPage, channel.id, { status: 'STOP' });

  // Nothing is clicked in the owner's tab: the notification stream carries the change.
  await expect(createMenu(ownerPage)).toHaveCount(0, { timeout: 10_000 });
  await expect(ownerPage.getByText('채널이 서비스 중일 때만 만들 수 있습니다. 지금 이 채널은 중지 상태입니다.')).toBeVisible();
  await expect(ownerPage.getByText('이 채널은 지금 새 콘텐츠를 만들 수 없습니다.')).toBeVisible();
  await expect(ownerPage.getByText('위의 만들기 메뉴에서 첫 콘텐츠를 만들어 보세요.')).toHaveCount(0);
  // Told like every other change: one notification, in the owner's list.
  expect(await world.db.selectFrom('notifications').select('type').where('user_id', '=', owner.userId).where('channel_id', '=', channel.id).execute()).toEqual([{ type: 'CHANNEL_SERVICE_CHANGED' }]);
});

test('an open loop upload page turns into the reason when the operator pauses shorts, and a page opened then refuses too', async ({ browser, world }) => {
  const owner = await world.person('루프 주인');
  const channel = await world.channel(owner, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', shorts_status: 'SERVICE' });
  const operator = await operatorOf(world);
  const ownerPage = await signedIn(browser, owner, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await expect(ownerPage.locator('button', { hasText: '파일 선택' })).toBeVisible();

  const operatorPage = await signedIn(browser, operator, '/studio/');
  await operatorSets(operatorPage, channel.id, { shortsStatus: 'PAUSE' });
  const paused = '운영자가 이 채널의 루프 업로드 기능을 일시 중지했습니다. 다시 열리면 이용할 수 있습니다.';
  await expect(ownerPage.getByText(paused)).toBeVisible({ timeout: 10_000 });
  await expect(ownerPage.locator('button', { hasText: '파일 선택' })).toHaveCount(0);

  await operatorSets(operatorPage, channel.id, { shortsStatus: 'TERMINATE' });
  await ownerPage.reload();
  await expect(ownerPage.getByText('이 채널의 루프 업로드 기능은 중지되었습니다. 새로 만들 수 없습니다.')).toBeVisible();
  for (const width of [1366, 390]) {
    await ownerPage.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSeriousViolations(ownerPage, `refused loop upload at ${width}px`);
  }
  // The server refuses too, with the code.
  const refused = await ownerPage.request.post(`/api/channels/${channel.id}/loops/uploads`, { headers: { origin: new URL(ownerPage.url()).origin, 'tus-resumable': '1.0.0', 'upload-length': '10' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as unknown).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
});

test('a loop whose job is gone says so, and its retry processes it', async ({ page, world }) => {
  const me = await world.person('멈춘 루프');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  // A loop queued ten minutes ago whose job the queue lost: its file is there, nothing will take it.
  const id = randomUUID();
  const uploads = path.join(dataDir(), 'uploads', 'loops');
  mkdirSync(uploads, { recursive: true });
  copyFileSync(vertical, path.join(uploads, id));
  const size = statSync(vertical).size;
  const then = new Date(Date.now() - 10 * 60_000);
  await world.db
    .insertInto('loops')
    .values({ id, channel_id: channel.id, user_id: me.userId, total_bytes: size, uploaded_bytes: size, status: 'RESERVED', file_name: '멈춘 클립.mp4', created_at: then, updated_at: then })
    .execute();

  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  const row = page.getByRole('listitem').filter({ hasText: '멈춘 클립.mp4' });
  await expect(row.getByText(/처리가 멈췄습니다/)).toBeVisible();
  await expectNoSeriousViolations(page, 'loop list with a stuck loop');
  await row.getByRole('button', { name: '멈춘 클립.mp4 열기' }).click();
  await expect(page.getByText('이 영상의 처리 작업이 끊겨 더 진행되지 않습니다. 다시 처리하거나 삭제해 주세요.')).toBeVisible();
  await expect(page.getByRole('button', { name: '삭제' })).toBeVisible();
  await expectNoSeriousViolations(page, 'stuck loop');
  await page.getByRole('button', { name: '다시 처리' }).click();
  await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 30_000 });
});

test('a landscape clip gets a hint before it is sent, and is sent only when the person says so', async ({ page, world }) => {
  const me = await world.person('가로 영상');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await login(page, me, `/studio/channels/${channel.id}/videos/shorts/upload`);
  await page.locator('input[type="file"]').setInputFiles(landscape);
  const hint = page.getByRole('alert').filter({ hasText: '가로 영상입니다 (640×360).' });
  await expect(hint).toBeVisible();
  await expectNoSeriousViolations(page, 'landscape hint');
  // Nothing was sent yet.
  expect(await world.db.selectFrom('loops').select('id').where('channel_id', '=', channel.id).execute()).toEqual([]);
  await hint.getByRole('button', { name: '그래도 올리기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '처리 완료' })).toBeVisible({ timeout: 30_000 });
  expect(await world.db.selectFrom('loops').select('file_name').where('channel_id', '=', channel.id).execute()).toEqual([{ file_name: 'landscape.mp4' }]);
});
