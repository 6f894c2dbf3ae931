import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_BULK_MAX, CONTENT_COUNT_CAP, encodeContentCursor, type BulkContentAnswer, type ContentPage, type ContentSort } from '@studio/contract/content';
import { addMember, createChannel, createContent, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Issue 25, point 2: the channel home's contents list searched, sorted, ranged and keyset-paged,
 * and bulk changes through the one transition table.
 */
let t: TestContext;
let owner: Person;
let ownerCookie: string;
let managerCookie: string;
let strangerCookie: string;
let channel: number;
let other: number;

const DAY = 86_400_000;
const base = new Date('2026-06-01T00:00:00.000Z').getTime();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db);
  const manager = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  managerCookie = await t.cookieFor(manager.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  channel = await createChannel(t.db, { name: '서재', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  other = await createChannel(t.db, { name: '남의 서재', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  await addMember(t.db, other, stranger.userId, 'OWNER');
  // 47 contents: groups of equal dates and equal view counts, so ties must be broken by id.
  for (let index = 0; index < 47; index++) {
    await createContent(t.db, {
      channel_id: channel,
      author_user_id: owner.userId,
      kind: index % 2 ? 'POST' : 'CONTENT_VIEW',
      status: 'PUBLIC',
      title: index % 5 === 0 ? `봄 소식 100%_${index}` : `기록 ${index}`,
      view_count: (index % 4) * 10,
      thumbnail_url: null,
      // Five contents share each date; microseconds are kept, as a database writes them.
      created_at: new Date(base + Math.floor(index / 5) * DAY),
    });
  }
  // Two rows at the same instant to the microsecond apart from the ms a JS date holds.
  await t.db.updateTable('contents').set({ created_at: new Date(base - DAY) }).where('channel_id', '=', channel).where('title', '=', '기록 1').execute();
  await sql`UPDATE contents SET created_at = created_at + interval '3 microseconds' WHERE channel_id = ${channel} AND title = '기록 2'`.execute(t.db);
});

afterAll(async () => {
  await t.close();
});

async function list(query: string, cookie = ownerCookie) {
  const response = await call(t.app, 'GET', `/api/channels/${channel}/contents?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContentPage>();
}

/** Every page forwards from the first, then every page back from the last. */
async function walk(query: string, size: number) {
  const forwards: ContentPage[] = [await list(`${query}&size=${size}`)];
  for (let page = forwards[0]; page?.nextCursor; ) {
    page = await list(`${query}&size=${size}&after=${page.nextCursor}`);
    forwards.push(page);
  }
  const backwards: ContentPage[] = [forwards.at(-1) as ContentPage];
  for (let page = backwards[0]; page?.prevCursor; ) {
    page = await list(`${query}&size=${size}&before=${page.prevCursor}`);
    backwards.unshift(page);
  }
  return { forwards, backwards };
}

const ids = (pages: ContentPage[]) => pages.flatMap((page) => page.content.map((content) => content.id));

describe('the contents list: sorts walked by cursor', () => {
  const expected = async (sort: ContentSort) => {
    const rows = await t.db.selectFrom('contents').select(['id', 'created_at', 'view_count']).where('channel_id', '=', channel).execute();
    const order = { NEWEST: ['created_at', -1], OLDEST: ['created_at', 1], MOST_VIEWED: ['view_count', -1] } as const;
    const [column, sign] = order[sort];
    // The database's own order is the truth for microseconds; read it there.
    const sorted = await t.db
      .selectFrom('contents')
      .select('id')
      .where('channel_id', '=', channel)
      .orderBy(column, sign < 0 ? 'desc' : 'asc')
      .orderBy('id', sign < 0 ? 'desc' : 'asc')
      .execute();
    expect(sorted).toHaveLength(rows.length);
    return sorted.map((row) => row.id);
  };

  for (const sort of ['NEWEST', 'OLDEST', 'MOST_VIEWED'] as const) {
    it(`${sort}: no duplicates or gaps across pages of equal sort values, forwards and back`, async () => {
      const { forwards, backwards } = await walk(`sort=${sort}`, 4);
      expect(ids(forwards)).toEqual(await expected(sort));
      expect(ids(backwards)).toEqual(ids(forwards));
      expect(forwards).toHaveLength(12);
      expect(forwards[0]).toMatchObject({ prevCursor: null, last: false, totalElements: 47 });
      expect(forwards.at(-1)).toMatchObject({ nextCursor: null, last: true, numberOfElements: 3 });
    });
  }

  it('keeps the cursor exact to the microsecond: two rows a few microseconds apart are both listed once', async () => {
    const { forwards } = await walk('sort=NEWEST', 1);
    expect(new Set(ids(forwards)).size).toBe(47);
    expect(ids(forwards)).toHaveLength(47);
  });

  it('refuses a cursor of another sort, a forged one, and both directions at once', async () => {
    const first = await list('sort=NEWEST&size=3');
    const wrongSort = await call(t.app, 'GET', `/api/channels/${channel}/contents?sort=MOST_VIEWED&after=${first.nextCursor}`, ownerCookie);
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    for (const forged of ['abc', btoa('["NEWEST","1; DROP TABLE contents",1]'), btoa('["MOST_VIEWED","2026-01-01T00:00:00Z",1]')]) {
      expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?after=${encodeURIComponent(forged)}`, ownerCookie)).statusCode).toBe(400);
    }
    const both = await call(t.app, 'GET', `/api/channels/${channel}/contents?after=${first.nextCursor}&before=${first.nextCursor}`, ownerCookie);
    expect(both.statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?sort=POPULAR`, ownerCookie)).statusCode).toBe(400);
  });
});

describe('the contents list past its counted total', () => {
  // More contents than the total counts: the total stops at the cap, the cursors walk on to the end.
  const EXTRA = 27;
  let big: number;
  beforeAll(async () => {
    big = await createChannel(t.db, { name: '큰 서재', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    await addMember(t.db, big, owner.userId, 'OWNER');
    await sql`
      INSERT INTO contents (channel_id, author_user_id, kind, status, title, body, created_at, updated_at, published_at)
      SELECT ${big}::bigint, ${owner.userId}::bigint, 'POST', 'PUBLIC', '글 ' || n, '', timestamptz '2026-01-01' + n * interval '1 minute', now(), now()
      FROM generate_series(1, ${CONTENT_COUNT_CAP + EXTRA}) AS n`.execute(t.db);
  });

  const bigList = async (query: string) => {
    const response = await call(t.app, 'GET', `/api/channels/${big}/contents?${query}`, ownerCookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ContentPage>();
  };

  it('pages on beyond the cap by cursor to the true end, and back, the total staying the capped count', async () => {
    const first = await bigList('sort=NEWEST&size=20');
    expect(first).toMatchObject({ totalElements: CONTENT_COUNT_CAP, last: false });
    // The row just before the cap, newest first, as a cursor (what walking 500 pages would hand over).
    const [anchor] = (
      await sql<{ id: number; value: string }>`
        SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS value FROM contents
        WHERE channel_id = ${big} ORDER BY created_at DESC, id DESC OFFSET ${CONTENT_COUNT_CAP - 1} LIMIT 1`.execute(t.db)
    ).rows;
    if (!anchor) throw new Error('no anchor row');
    const cursor = encodeContentCursor({ sort: 'NEWEST', value: anchor.value, id: Number(anchor.id) });
    const past = await bigList(`sort=NEWEST&size=20&page=500&after=${cursor}`);
    expect(past).toMatchObject({ totalElements: CONTENT_COUNT_CAP, number: 500, numberOfElements: 20, last: false });
    expect(past.content.map((content) => content.title)).toEqual(Array.from({ length: 20 }, (_, index) => `글 ${EXTRA - index}`));
    const end = await bigList(`sort=NEWEST&size=20&page=501&after=${past.nextCursor}`);
    expect(end).toMatchObject({ totalElements: CONTENT_COUNT_CAP, numberOfElements: EXTRA - 20, last: true, nextCursor: null });
    expect(end.content.at(-1)?.title).toBe('글 1');
    const back = await bigList(`sort=NEWEST&size=20&page=500&before=${end.prevCursor}`);
    expect(back.content.map((content) => content.id)).toEqual(past.content.map((content) => content.id));
  });
});

describe('the contents list: search and date range', () => {
  it('finds titles containing the words, in any case, with % and _ as plain characters', async () => {
    const found = await list('q=봄 소식&size=100');
    expect(found.totalElements).toBe(10);
    expect(found.content.every((content) => content.title.startsWith('봄 소식'))).toBe(true);
    expect((await list(`q=${encodeURIComponent('100%_')}&size=100`)).totalElements).toBe(10);
    // A bare % or _ is not a wildcard.
    expect((await list(`q=${encodeURIComponent('%')}&size=100`)).totalElements).toBe(10);
    expect((await list(`q=${encodeURIComponent('_')}&size=100`)).totalElements).toBe(10);
    expect((await list('q=없는 제목')).totalElements).toBe(0);
  });

  it('walks a search by cursor in every sort without repeats', async () => {
    for (const sort of ['NEWEST', 'OLDEST', 'MOST_VIEWED'] as const) {
      const { forwards } = await walk(`sort=${sort}&q=${encodeURIComponent('기록')}`, 5);
      expect(ids(forwards)).toHaveLength(37);
      expect(new Set(ids(forwards)).size).toBe(37);
    }
  });

  it('bounds the date the list shows: from inclusive, to exclusive', async () => {
    const from = new Date(base + 2 * DAY).toISOString();
    const to = new Date(base + 4 * DAY).toISOString();
    const page = await list(`from=${from}&to=${to}&size=100&sort=OLDEST`);
    // Days 2 and 3: five contents each, day 4 excluded.
    expect(page.totalElements).toBe(10);
    expect(page.content.every((content) => content.createdAt >= from && content.createdAt < to)).toBe(true);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?from=${to}&to=${from}`, ownerCookie)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?from=yesterday`, ownerCookie)).statusCode).toBe(400);
  });

  it('combines search, range, kind and sort', async () => {
    const page = await list(`q=${encodeURIComponent('봄')}&kind=CONTENT_VIEW&from=${new Date(base).toISOString()}&sort=MOST_VIEWED&size=100`);
    // Titles 0,5,...,45 that are articles (even index): 0,10,20,30,40.
    expect(page.content.map((content) => content.title)).toHaveLength(5);
    const views = page.content.map((content) => content.viewCount);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it('answers the list to members only', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?q=봄`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents?q=봄`, strangerCookie)).statusCode).toBe(403);
    expect((await list('q=봄', managerCookie)).totalElements).toBe(10);
  });
});

describe('POST /api/channels/:channelId/contents/bulk', () => {
  async function fresh(status: 'PUBLIC' | 'HIDDEN' | 'DRAFT' | 'REPORT_BLIND', title = `묶음 ${status}`, body = '본문') {
    return createContent(t.db, { channel_id: channel, author_user_id: owner.userId, kind: 'CONTENT_VIEW', status, title, body, view_count: 0, thumbnail_url: null });
  }
  const bulk = (payload: unknown, cookie = ownerCookie, channelId = channel) => call(t.app, 'POST', `/api/channels/${channelId}/contents/bulk`, cookie, payload);
  const statusOf = async (id: number) => (await t.db.selectFrom('contents').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow());

  it('hides what it can and reports each other row with its reason', async () => {
    const publicOne = await fresh('PUBLIC');
    const hiddenOne = await fresh('HIDDEN');
    const blinded = await fresh('REPORT_BLIND');
    const emptyDraft = await fresh('DRAFT', '', '');
    const stale = await fresh('PUBLIC');
    const foreign = await createContent(t.db, { channel_id: other, author_user_id: owner.userId, kind: 'POST', status: 'PUBLIC', title: '남의 것', view_count: 0, thumbnail_url: null });
    const response = await bulk({
      action: 'HIDE',
      items: [
        { id: publicOne, version: 1 },
        { id: hiddenOne, version: 1 },
        { id: blinded, version: 1 },
        { id: emptyDraft, version: 1 },
        { id: stale, version: 7 },
        { id: foreign, version: 1 },
        { id: 987_654_321, version: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkContentAnswer>().results).toEqual([
      { id: publicOne, outcome: 'CHANGED', code: null, status: 'HIDDEN' },
      { id: hiddenOne, outcome: 'UNCHANGED', code: null, status: 'HIDDEN' },
      { id: blinded, outcome: 'FAILED', code: 'CONTENT_STATUS_CONFLICT', status: 'REPORT_BLIND' },
      { id: emptyDraft, outcome: 'FAILED', code: 'CONTENT_INCOMPLETE', status: 'DRAFT' },
      { id: stale, outcome: 'FAILED', code: 'CONTENT_VERSION_CONFLICT', status: 'PUBLIC' },
      { id: foreign, outcome: 'FAILED', code: 'CONTENT_NOT_FOUND', status: null },
      { id: 987_654_321, outcome: 'FAILED', code: 'CONTENT_NOT_FOUND', status: null },
    ]);
    expect(await statusOf(publicOne)).toEqual({ status: 'HIDDEN', version: 2 });
    // Nothing moved that failed, and the other channel's row is untouched.
    expect(await statusOf(hiddenOne)).toEqual({ status: 'HIDDEN', version: 1 });
    expect(await statusOf(stale)).toEqual({ status: 'PUBLIC', version: 1 });
    expect(await statusOf(foreign)).toEqual({ status: 'PUBLIC', version: 1 });
  });

  it('makes hidden rows public, deletes, and answers the same when repeated (side effects once)', async () => {
    const hidden = await fresh('HIDDEN');
    const doomed = await fresh('PUBLIC');
    const first = await bulk({ action: 'UNHIDE', items: [{ id: hidden, version: 1 }] });
    expect(first.json<BulkContentAnswer>().results[0]).toMatchObject({ outcome: 'CHANGED', status: 'PUBLIC' });
    const again = await bulk({ action: 'UNHIDE', items: [{ id: hidden, version: 1 }] });
    expect(again.json<BulkContentAnswer>().results[0]).toMatchObject({ outcome: 'UNCHANGED', status: 'PUBLIC' });
    expect(await statusOf(hidden)).toEqual({ status: 'PUBLIC', version: 2 });

    const deleted = await bulk({ action: 'DELETE', items: [{ id: doomed, version: 1 }] }, managerCookie);
    expect(deleted.json<BulkContentAnswer>().results[0]).toMatchObject({ outcome: 'CHANGED', status: 'DELETE' });
    const deletedAgain = await bulk({ action: 'DELETE', items: [{ id: doomed, version: 1 }] });
    expect(deletedAgain.json<BulkContentAnswer>().results[0]).toMatchObject({ outcome: 'UNCHANGED', status: 'DELETE' });
    expect(await statusOf(doomed)).toEqual({ status: 'DELETE', version: 2 });
    // A deleted row cannot be hidden or made public any more.
    const hideDeleted = await bulk({ action: 'HIDE', items: [{ id: doomed, version: 2 }] });
    expect(hideDeleted.json<BulkContentAnswer>().results[0]).toMatchObject({ outcome: 'FAILED', code: 'CONTENT_NOT_FOUND' });
  });

  it('refuses too many ids, a repeated id, an unknown action, strangers and anonymous callers', async () => {
    const items = Array.from({ length: CONTENT_BULK_MAX + 1 }, (_, index) => ({ id: 900_000_000 + index, version: 1 }));
    const tooMany = await bulk({ action: 'HIDE', items });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED', extra: { issues: [expect.objectContaining({ field: 'body.items' })] } });
    expect((await bulk({ action: 'HIDE', items: items.slice(0, CONTENT_BULK_MAX) })).statusCode).toBe(200);
    expect((await bulk({ action: 'HIDE', items: [{ id: 1, version: 1 }, { id: 1, version: 2 }] })).statusCode).toBe(400);
    expect((await bulk({ action: 'HIDE', items: [] })).statusCode).toBe(400);
    expect((await bulk({ action: 'PUBLISH', items: [{ id: 1, version: 1 }] })).statusCode).toBe(400);
    expect((await bulk({ action: 'HIDE', items: [{ id: 1, version: 1 }] }, strangerCookie)).statusCode).toBe(403);
    expect((await bulk({ action: 'HIDE', items: [{ id: 1, version: 1 }] }, '')).statusCode).toBe(401);
    expect((await bulk({ action: 'HIDE', items: [{ id: 1, version: 1 }] }, ownerCookie, 999_999)).statusCode).toBe(404);
  });
});
