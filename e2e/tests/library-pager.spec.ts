import { sql } from 'kysely';
import { CONTENT_COUNT_CAP, encodeContentCursor } from '@studio/contract/content';
import { expect, login, test } from './fixtures';
import { shot } from './screens';

// Issue 25, point 2: a channel with more contents than the total counts. The pager says there are
// more ("1 / 1,000+"), pages on past the counted pages by cursor, and names the true end.


test('the contents pager past the capped total: "+", on by cursor beyond it, the true end named', async ({ page, world }) => {
  test.setTimeout(120_000);
  const me = await world.person('Owner');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  const extra = 15;
  // In slices of a thousand: one statement of ten thousand rows outlasts the fixtures' timeouts on a busy machine.
  for (let from = 1; from <= CONTENT_COUNT_CAP + extra; from += 1_000) {
    await sql`
      INSERT INTO contents (channel_id, author_user_id, kind, status, title, body, created_at, updated_at, published_at)
      SELECT ${channel.id}::bigint, ${me.userId}::bigint, 'POST', 'PUBLIC', '글 ' || n, '', timestamptz '2026-01-01' + n * interval '1 minute', now(), now()
      FROM generate_series(${from}::int, ${Math.min(from + 999, CONTENT_COUNT_CAP + extra)}::int) AS n`.execute(world.db);
  }

  await login(page, me, `/studio/channels/${channel.id}`);
  const pager = page.getByRole('navigation', { name: '페이지 이동' });
  const status = pager.locator('[aria-current="page"]');
  await expect(status).toHaveText(/^1 \/ [\d,]+\+$/);
  await expect(status).toHaveAttribute('title', '뒤에 페이지가 더 있습니다');
  await expect(page.getByText(`${CONTENT_COUNT_CAP.toLocaleString('ko-KR')}개 이상`)).toBeVisible();
  await shot(page, 'pager-capped-ko-1366', { fullPage: false });
  const size = await page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').count();
  const counted = CONTENT_COUNT_CAP / size;

  // The last row the count reaches, newest first, as the cursor the walk would have handed over.
  const [anchor] = (
    await sql<{ id: number; value: string }>`
      SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS value FROM contents
      WHERE channel_id = ${channel.id} ORDER BY created_at DESC, id DESC OFFSET ${CONTENT_COUNT_CAP - 1} LIMIT 1`.execute(world.db)
  ).rows;
  if (!anchor) throw new Error('no anchor row');
  const cursor = encodeContentCursor({ sort: 'NEWEST', value: anchor.value, id: Number(anchor.id) });
  // The page just past the counted pages: still "more", the next button on.
  await page.goto(`/studio/channels/${channel.id}?after=${cursor}&page=${counted}`);
  await expect(status).toHaveText(`${(counted + 1).toLocaleString('ko-KR')} / ${(counted + 1).toLocaleString('ko-KR')}+`);
  await expect(page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').first()).toContainText(`글 ${extra}`);
  await expect(pager.getByRole('button', { name: '다음 페이지' })).toBeEnabled();
  await pager.getByRole('button', { name: '다음 페이지' }).click();
  // The true end: named exactly, no "+", no next.
  await expect(status).toHaveText(`${(counted + 2).toLocaleString('ko-KR')} / ${(counted + 2).toLocaleString('ko-KR')}`);
  await expect(page.getByRole('list', { name: '콘텐츠' }).getByRole('listitem').last()).toContainText('글 1');
  await expect(pager.getByRole('button', { name: '다음 페이지' })).toBeDisabled();
  await shot(page, 'pager-past-cap-end-ko-1366', { fullPage: false });
  await pager.getByRole('button', { name: '이전 페이지' }).click();
  await expect(status).toHaveText(`${(counted + 1).toLocaleString('ko-KR')} / ${(counted + 1).toLocaleString('ko-KR')}+`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/studio/channels/${channel.id}`);
  await expect(status).toHaveText(/^1 \/ [\d,]+\+$/);
  await pager.scrollIntoViewIfNeeded();
  await shot(page, 'pager-capped-ko-390', { fullPage: false });
  await page.getByRole('contentinfo').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const english = page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]');
  await expect(english).toHaveAttribute('title', 'More pages follow');
  await page.getByRole('navigation', { name: 'Pages' }).scrollIntoViewIfNeeded();
  await shot(page, 'pager-capped-en-390', { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'pager-capped-en-1366', { fullPage: false });
});

test('the stream key add dialog and its footer', async ({ page, world }) => {
  const me = await world.person('Streamer');
  const channel = await world.channel(me, { channel_type: 'MEDIA_CHANNEL', live_status: 'SERVICE', shorts_status: 'SERVICE', use_document_write: true });
  await login(page, me, `/studio/channels/${channel.id}`);
  await page.getByRole('navigation', { name: '만들기' }).getByRole('link', { name: '라이브 방송' }).click();
  await page.getByRole('dialog', { name: '라이브 방송 시작' }).getByRole('button', { name: '새 스트림 키 추가' }).click();
  const add = page.getByRole('dialog', { name: '새 스트림 키 추가' });
  await expect(add.getByRole('button', { name: '추가' })).toBeDisabled();
  await add.getByRole('textbox').fill('스튜디오 키');
  await expect(add.getByRole('button', { name: '추가' })).toBeEnabled();
  await shot(page, 'stream-key-add-ko-1366', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'stream-key-add-ko-390', { fullPage: false });
});
