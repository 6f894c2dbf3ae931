import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { toKoreanParts } from '@studio/contract/korea-time';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { createContent } from '../../apps/server/src/seed/factories';
import { expect, login, test, type World } from './fixtures';
import { pngFile } from './images';

// The editor, autosave, reload recovery, two tabs, reserving, posts with images,
// and the channel home's content actions, in a real Chromium against the real server.

async function writingWorld(world: World) {
  const me = await world.person('Writer');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  return { me, channel };
}

async function draft(world: World, channelId: number, authorId: number, values: { title: string; body: string; status?: 'DRAFT' | 'PUBLIC' | 'HIDDEN' | 'PUBLIC_RESERVATION'; kind?: 'CONTENT_VIEW' | 'POST' }) {
  const row = await createContent(world.db, {
    channel_id: channelId,
    author_user_id: authorId,
    kind: values.kind ?? 'CONTENT_VIEW',
    status: values.status ?? 'DRAFT',
    title: values.title,
    body: values.body,
    view_count: 0,
    thumbnail_url: null,
  });
  return typeof row === 'number' ? row : (row as { id: number }).id;
}

const contentRow = (world: World, id: number) => world.db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * The database refuses every update of one content as a passing fault (query_canceled, what a
 * statement timeout raises): the server answers 503 and the tab keeps its text to send again.
 */
async function refuseUpdates(world: World, id: number) {
  await sql`CREATE OR REPLACE FUNCTION e2e_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'e2e: updates of this content are refused' USING ERRCODE = '57014'; END $$`.execute(world.db);
  await sql`CREATE TRIGGER ${sql.id(`e2e_refuse_update_${id}`)} BEFORE UPDATE ON contents FOR EACH ROW WHEN (OLD.id = ${sql.lit(id)}) EXECUTE FUNCTION e2e_refuse_update()`.execute(world.db);
}

async function acceptUpdates(world: World, id: number) {
  await sql`DROP TRIGGER ${sql.id(`e2e_refuse_update_${id}`)} ON contents`.execute(world.db);
}

const titleInput = (page: Page) => page.getByLabel('제목', { exact: true });
const body = (page: Page) => page.getByRole('textbox', { name: '본문' });
const saveState = (page: Page) => page.locator('[data-save-state]');

async function waitSaved(page: Page) {
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved', { timeout: 10_000 });
}

/** The Korean wall-clock text of an instant as the Korean catalogue prints it: 2026.11.24 13:20. */
function koreanDateTime(instant: Date): string {
  const p = toKoreanParts(instant);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${p.year}.${two(p.month)}.${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

test.describe('content editor', () => {
  test('writes an article with a heading, bold text, a captioned image and a video card, saved by itself and shown in the preview', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    await login(page, me, `/studio/editor/${channel.id}/draft`);
    await expect(page.getByRole('heading', { level: 1, name: '콘텐츠 작성' })).toBeVisible();
    await expect(saveState(page)).toHaveText('아직 저장하지 않았습니다');

    await titleInput(page).fill('겨울 특집: 서울의 밤');
    await body(page).click();
    await page.getByRole('button', { name: '제목 2' }).click();
    await page.keyboard.type('첫 번째 소제목');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '굵게' }).click();
    await expect(page.getByRole('button', { name: '굵게' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('굵은 글씨');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type(' 그리고 보통 글씨');
    await expect(page.getByText(/^글자 수\s*\d+자$/)).toHaveText(/23자$/);

    await page.getByTestId('body-image-input').setInputFiles(pngFile('night.png', [20, 30, 90]));
    const figure = body(page).locator('[data-figure-image]');
    await expect(figure.locator('img')).toHaveAttribute('src', /^\/media\//);
    await figure.getByRole('textbox', { name: '이미지 설명' }).fill('남산에서 본 야경');

    // A video link becomes a card; any other address is refused as a card.
    await page.getByRole('button', { name: '동영상 링크' }).click();
    const dialog = page.getByRole('dialog', { name: '동영상 링크' });
    await dialog.getByLabel('주소').fill('https://example.com/watch');
    await dialog.getByRole('button', { name: '넣기' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('동영상 사이트의 주소만 카드로 넣을 수 있습니다. 다른 주소는 링크로 넣어 주세요.');
    await dialog.getByLabel('주소').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: '넣기' }).click();
    await expect(body(page).locator('[data-video-card]')).toContainText('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    // The first save made the draft on the server and moved the address to it.
    await expect(page).toHaveURL(new RegExp(`/studio/editor/${channel.id}/\\d+$`));
    await waitSaved(page);
    await expect(saveState(page)).toHaveText(/^\d{2}:\d{2}에 저장됨$/);
    const contentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const saved = await contentRow(world, contentId);
    expect(saved.status).toBe('DRAFT');
    expect(saved.title).toBe('겨울 특집: 서울의 밤');
    expect(saved.body).toContain('<h2>첫 번째 소제목</h2>');
    expect(saved.body).toContain('<strong>굵은 글씨</strong>');
    expect(saved.body).toContain('<figcaption>남산에서 본 야경</figcaption>');
    expect(saved.body).toContain('data-video-card');

    await page.getByRole('link', { name: '미리보기' }).click();
    const article = page.locator('article');
    await expect(article.getByRole('heading', { name: '겨울 특집: 서울의 밤' })).toBeVisible();
    await expect(article.locator('strong')).toHaveText('굵은 글씨');
    await expect(article.locator('figcaption')).toHaveText('남산에서 본 야경');
    await expect(article.getByRole('link', { name: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  test('a reload mid-sentence brings back what the server had not received yet, and saves it', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    const id = await draft(world, channel.id, me.userId, { title: '다시 돌아올 글', body: '<p>저장된 첫 문장.</p>' });
    await login(page, me, `/studio/editor/${channel.id}/${id}`);
    await expect(body(page)).toContainText('저장된 첫 문장.');

    // The network drops every save: the text exists only in this tab (and its browser backup). The
    // browser's routing shows the tab offline; the database refuses this content's updates too, as a
    // passing fault (503, sent again later), because a save the tab sends while it unloads can pass
    // the routing (a CI run saw the server hold the text before the reload's page asked for it).
    await refuseUpdates(world, id);
    await page.route('**/api/channels/*/contents/*', (route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()));
    await body(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' 쓰다 만 문장');
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'offline', { timeout: 10_000 });
    await expect(saveState(page)).toContainText('저장되지 않음');
    expect((await contentRow(world, id)).body).not.toContain('쓰다 만 문장');

    // The browser's own "changes may not be saved" prompt guards the reload.
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(prompts).toEqual(['beforeunload']);

    // Still without a network for saves: the text came back from this browser, not from the server.
    await expect(page.getByText('저장되지 않았던 글을 이 브라우저에서 되살렸습니다.')).toBeVisible();
    await expect(body(page)).toContainText('저장된 첫 문장. 쓰다 만 문장');
    expect((await contentRow(world, id)).body).not.toContain('쓰다 만 문장');
    await acceptUpdates(world, id);
    await page.unroute('**/api/channels/*/contents/*');
    await waitSaved(page);
    expect((await contentRow(world, id)).body).toContain('쓰다 만 문장');
  });

  test('a dropped network shows "not saved" and saves once the browser is back online', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    const id = await draft(world, channel.id, me.userId, { title: '오프라인 테스트', body: '<p>시작</p>' });
    await login(page, me, `/studio/editor/${channel.id}/${id}`);
    // The page and its editor chunk are loaded before the network goes.
    await expect(body(page)).toContainText('시작');
    await page.context().setOffline(true);
    await titleInput(page).fill('오프라인에서 고친 제목');
    await expect(saveState(page)).toHaveAttribute('data-save-state', 'offline', { timeout: 10_000 });
    await expect(saveState(page)).toContainText('저장되지 않음 · 연결되면 다시 저장합니다');
    await page.context().setOffline(false);
    await waitSaved(page);
    expect((await contentRow(world, id)).title).toBe('오프라인에서 고친 제목');
  });

  test('two tabs: the second save gets a conflict, keeps its text on request, and the first tab can load it', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    const id = await draft(world, channel.id, me.userId, { title: '두 탭', body: '<p>공통 문장.</p>' });
    await login(page, me, `/studio/editor/${channel.id}/${id}`);
    const second = await page.context().newPage();
    await second.goto(`/studio/editor/${channel.id}/${id}`);
    await expect(body(second)).toContainText('공통 문장.');

    await body(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' 첫 탭의 문장.');
    await waitSaved(page);

    await body(second).click();
    await second.keyboard.press('End');
    await second.keyboard.type(' 둘째 탭의 문장.');
    const conflict = second.getByRole('alertdialog', { name: '다른 탭이나 기기에서 이 글을 먼저 저장했습니다.' });
    await expect(conflict).toBeVisible({ timeout: 10_000 });
    await expect(saveState(second)).toHaveText('저장되지 않음 · 다른 곳에서 수정됨');
    expect((await contentRow(world, id)).body).toContain('첫 탭의 문장.');

    await conflict.getByRole('button', { name: '이 탭의 글 유지' }).click();
    await waitSaved(second);
    const kept = await contentRow(world, id);
    expect(kept.body).toContain('둘째 탭의 문장.');
    expect(kept.body).not.toContain('첫 탭의 문장.');

    // The first tab is now behind: its next save conflicts, and it loads the saved text.
    await page.keyboard.type(' 또 씀');
    const firstConflict = page.getByRole('alertdialog', { name: '다른 탭이나 기기에서 이 글을 먼저 저장했습니다.' });
    await expect(firstConflict).toBeVisible({ timeout: 10_000 });
    await firstConflict.getByRole('button', { name: '저장된 글 불러오기' }).click();
    await expect(firstConflict).toHaveCount(0);
    await expect(body(page)).toContainText('공통 문장. 둘째 탭의 문장.');
    await expect(body(page)).not.toContainText('첫 탭의 문장.');
    await second.close();
  });

  test('leaving with unsaved changes asks first inside the page', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    const id = await draft(world, channel.id, me.userId, { title: '떠나기 전에', body: '<p>본문</p>' });
    await login(page, me, `/studio/editor/${channel.id}/${id}`);
    await titleInput(page).fill('떠나기 전에 고친 제목');
    await page.getByRole('link', { name: '트렌드' }).click();
    const leave = page.getByRole('dialog', { name: '저장되지 않은 변경 사항이 있습니다.' });
    await expect(leave).toBeVisible();
    await expect(leave.getByRole('button', { name: '머무르기' })).toBeFocused();
    await leave.getByRole('button', { name: '머무르기' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/${channel.id}/${id}$`));
    await waitSaved(page);
    // Once saved, leaving is free.
    await page.getByRole('link', { name: '트렌드' }).click();
    await expect(page).toHaveURL(/\/studio\/trend$/);
  });

  test.describe('in another time zone', () => {
    test.use({ timezoneId: 'America/Los_Angeles' });

    test('reserves the earliest slot, shown and chosen in Korean time, and the channel home lists it as reserved', async ({ page, world }) => {
      const { me, channel } = await writingWorld(world);
      const id = await draft(world, channel.id, me.userId, { title: '예약할 글', body: '<p>예약 본문</p>' });
      await login(page, me, `/studio/editor/${channel.id}/${id}`);
      await page.getByRole('button', { name: '발행' }).click();
      const dialog = page.getByRole('dialog', { name: '발행' });
      await dialog.getByRole('radio', { name: '예약 공개' }).check();
      // The minute may turn while the test runs: either neighbouring slot is right.
      const slots = [earliestReservationSlot(new Date()), earliestReservationSlot(new Date(Date.now() + 60_000))].map(koreanDateTime);
      await expect(dialog.getByText(/에 발행됩니다\.$/)).toHaveText(new RegExp(`^(${slots.join('|')}) \\(한국 시간\\)에 발행됩니다\\.$`));
      await expect(dialog.getByRole('group', { name: '예약 시간 (한국 시간, UTC+9)' })).toBeVisible();
      await dialog.getByRole('button', { name: '예약하기' }).click();

      await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}$`));
      const row = page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').filter({ hasText: '예약할 글' });
      await expect(row).toContainText('공개 예약');
      const saved = await contentRow(world, id);
      expect(saved.status).toBe('PUBLIC_RESERVATION');
      const reservedAt = (saved as unknown as { reserved_at: Date }).reserved_at;
      expect(slots).toContain(koreanDateTime(reservedAt));
      await expect(row).toContainText(`예약 ${koreanDateTime(reservedAt)}`);
    });
  });

  test('someone without a role on the channel is refused the editor and the post page', async ({ page, world }) => {
    const { channel } = await writingWorld(world);
    const stranger = await world.person('Stranger');
    await login(page, stranger, `/studio/editor/${channel.id}/draft`);
    await expect(page.getByRole('textbox', { name: '본문' })).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('권한이 없습니다');
    await page.goto(`/studio/channels/${channel.id}/contents/post/create`);
    await expect(page.getByRole('main')).toContainText('권한이 없습니다');
    await expect(page.getByLabel('내용')).toHaveCount(0);
  });
});

test.describe('post page', () => {
  test('a post with three images reordered by dragging and by keyboard, and a link with its kind, is published', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    await login(page, me, `/studio/channels/${channel.id}/contents/post/create`);
    await expect(page.getByRole('heading', { level: 1, name: '포스트 작성' })).toBeVisible();

    // Publishing without text is refused with the spec's required-field text.
    await page.getByRole('button', { name: '지금 공개' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('필수 입력 정보입니다.');
    await page.getByLabel('내용').fill('오늘 촬영 현장 사진입니다.\n두 번째 줄');
    await expect(page.getByText('22/5000')).toBeVisible();

    await page.getByTestId('post-image-input').setInputFiles([pngFile('red.png', [220, 0, 0]), pngFile('green.png', [0, 200, 0]), pngFile('blue.png', [0, 0, 220])]);
    const items = page.getByRole('list', { name: /이미지/ }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(page.getByText('3/10장')).toBeVisible();
    const order = () => items.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-image-id'))));
    const [red, green, blue] = await order();

    await items.nth(0).dragTo(items.nth(2));
    await expect.poll(order).toEqual([green, blue, red]);
    await page.getByRole('button', { name: '3번째 이미지를 앞으로' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual([green, red, blue]);
    await expect(page.getByText('이미지를 2번째로 옮겼습니다.')).toBeAttached();

    // An HTML file dressed as a PNG is refused by the server.
    await page.getByTestId('post-image-input').setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await expect(page.getByText('이미지 업로드에 실패했습니다.')).toBeVisible();
    await expect(items).toHaveCount(3);

    const link = page.getByLabel('링크', { exact: true });
    await link.fill('htp://nope');
    await expect(page.getByText('입력한 정보를 다시 확인해 주세요.')).toBeVisible();
    await link.fill('https://www.instagram.com/studio.daily');
    await expect(page.locator('[data-link-kind]')).toHaveAttribute('data-link-kind', 'INSTAGRAM');
    await expect(page.locator('[data-link-kind]')).toContainText('인스타그램');
    await link.fill('https://youtu.be/dQw4w9WgXcQ');
    await expect(page.locator('[data-link-kind]')).toContainText('유튜브');

    await page.getByRole('button', { name: '지금 공개' }).last().click();
    await expect(page.getByText('포스트를 공개했습니다.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/studio/channels/${channel.id}$`));
    const row = page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').filter({ hasText: '오늘 촬영 현장 사진입니다.' });
    await expect(row).toContainText('포스트');
    await expect(row).toContainText('공개');

    const post = await world.db.selectFrom('contents').select(['id', 'status']).where('channel_id', '=', channel.id).where('kind', '=', 'POST').executeTakeFirstOrThrow();
    expect(post.status).toBe('PUBLIC');
    await row.getByRole('button', { name: /관리$/ }).click();
    await page.getByRole('menuitem', { name: '미리보기' }).click();
    const previewImages = page.locator('article ol img');
    await expect(previewImages).toHaveCount(3);
    await expect(page.locator('article')).toContainText('유튜브');
  });
});

test.describe('channel home content actions', () => {
  test('hide, unhide, cancel a reservation and delete after confirming', async ({ page, world }) => {
    const { me, channel } = await writingWorld(world);
    await draft(world, channel.id, me.userId, { title: '공개된 글', body: '<p>본문</p>', status: 'PUBLIC' });
    await draft(world, channel.id, me.userId, { title: '지울 초안', body: '<p>본문</p>' });
    const reserved = await draft(world, channel.id, me.userId, { title: '예약된 글', body: '<p>본문</p>', status: 'PUBLIC_RESERVATION' });
    await world.db
      .updateTable('contents')
      .set({ reserved_at: new Date(Date.now() + 86_400_000), reservation_visibility: 'PUBLIC' })
      .where('id', '=', reserved)
      .execute();
    await login(page, me, `/studio/channels/${channel.id}`);
    const row = (title: string) => page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').filter({ hasText: title });
    const act = async (title: string, action: string) => {
      await row(title).getByRole('button', { name: `${title} 관리` }).click();
      await page.getByRole('menuitem', { name: action }).click();
    };

    await act('공개된 글', '비공개로 전환');
    await expect(page.getByText('비공개로 전환했습니다.')).toBeVisible();
    await expect(row('공개된 글')).toContainText('비공개');
    await act('공개된 글', '공개로 전환');
    await expect(row('공개된 글').getByText('공개', { exact: true })).toBeVisible({ timeout: 20_000 });

    await act('예약된 글', '예약 취소');
    await expect(page.getByText('예약을 취소했습니다. 임시저장 상태로 돌아갔습니다.')).toBeVisible();
    await expect(row('예약된 글')).toContainText('임시저장');
    expect((await contentRow(world, reserved)).status).toBe('DRAFT');

    await act('지울 초안', '삭제');
    const confirm = page.getByRole('dialog', { name: '콘텐츠를 삭제할까요?' });
    await expect(confirm).toContainText('‘지울 초안’을(를) 삭제하면');
    await expect(confirm.getByRole('button', { name: '취소' })).toBeFocused();
    await confirm.getByRole('button', { name: '삭제' }).click();
    // While the dialog is open the list is hidden from assistive technology: first the dialog goes and the result shows.
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText('삭제했습니다.')).toBeVisible();
    await expect(row('공개된 글')).toHaveCount(1);
    await expect(row('지울 초안')).toHaveCount(0);
    expect(await world.db.selectFrom('contents').select('status').where('title', '=', '지울 초안').where('channel_id', '=', channel.id).executeTakeFirst()).toEqual({ status: 'DELETE' });

    await act('공개된 글', '수정');
    await expect(page).toHaveURL(/\/studio\/editor\/\d+\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: '콘텐츠 수정' })).toBeVisible();
  });
});
