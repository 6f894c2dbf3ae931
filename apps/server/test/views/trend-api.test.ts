import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREND_CACHE_SECONDS, TREND_LIST_MAX, type Trend } from '@studio/contract/trend';
import type { Beacon } from '@studio/contract/views';
import { VIEW_DEDUPE_MINUTES, VIEW_WATCH_SECONDS_PER_HOUR_MAX } from '@studio/contract/views';
import { viewRepository } from '../../src/modules/views/view-repository';
import { rollupGraceMs, viewRollupService } from '../../src/modules/views/view-service';
import { addMember, createChannel, createContent, createPerson } from '../../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from '../helper';

/**
 * Issue 23, point 5: the portal's trend. Views go in as public pages send them (the beacon route),
 * through the roll-up as its job runs it, and come out of GET /api/trend; `contents.view_count`
 * moves with the same roll-up.
 */

const HOUR = 3_600_000;
let t: TestContext;
let me: string;
let mine: number;
let theirs: number;
let stopped: number;
const ids: Record<'loop' | 'article' | 'post' | 'hidden' | 'deleted' | 'onStopped', number> = { loop: 0, article: 0, post: 0, hidden: 0, deleted: 0, onStopped: 0 };
let rollup: ReturnType<typeof viewRollupService>;
let graceMs: number;

beforeAll(async () => {
  // Korean 12:30 on 2026-11-20.
  t = await createTestApp({ now: new Date('2026-11-20T03:30:00Z') });
  const [owner, other] = await Promise.all(['트렌드 보는 사람', '다른 소유자'].map((name) => createPerson(t.db, { name })));
  mine = await createChannel(t.db, { name: '내 미디어 채널', channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  theirs = await createChannel(t.db, { name: '남의 콘텐츠 채널', channel_type: 'CONTENTS_CHANNEL', status: 'SERVICE' });
  stopped = await createChannel(t.db, { name: '곧 멈출 채널', channel_type: 'CONTENTS_CHANNEL', status: 'SERVICE' });
  await addMember(t.db, mine, owner!.userId, 'OWNER');
  await addMember(t.db, theirs, other!.userId, 'OWNER');
  me = await t.cookieFor(owner!.userId);
  const content = (channel_id: number, kind: 'SHORTS' | 'CONTENT_VIEW' | 'POST' | 'NEWS', title: string) =>
    createContent(t.db, { channel_id, author_user_id: null, kind, status: 'PUBLIC', title, thumbnail_url: null, ...(kind === 'SHORTS' ? { duration_seconds: 60 } : {}) });
  ids.loop = await content(mine, 'SHORTS', '내 루프');
  ids.article = await content(mine, 'CONTENT_VIEW', '내 새 글');
  ids.post = await content(theirs, 'POST', '남의 포스트');
  ids.hidden = await content(theirs, 'POST', '곧 숨길 포스트');
  ids.deleted = await content(theirs, 'NEWS', '곧 지울 뉴스');
  ids.onStopped = await content(stopped, 'POST', '멈춘 채널의 포스트');
  graceMs = rollupGraceMs(t.config.database);
  rollup = viewRollupService(t.db, t.clock, { graceMs, keepDays: t.config.views.keepDays });
  await rollup.preparePartitions();
});

afterAll(async () => {
  await t.close();
});

async function send(viewerId: string, beacons: Beacon[]) {
  const response = await t.app.inject({ method: 'POST', url: '/api/public/beacons', headers: { origin: ORIGIN }, payload: { viewerId, beacons } });
  expect(response.statusCode, response.body).toBe(202);
}
/** `count` distinct viewers open the content. */
async function views(contentId: number, count: number) {
  for (let n = 0; n < count; n += 1) await send(randomUUID(), [{ contentId, kind: 'VIEW_START', position: 0 }]);
}
async function rollUp() {
  t.clock.advance(graceMs + 1_000);
  await rollup.run();
}
async function viewCount(contentId: number): Promise<number> {
  const row = await t.db.selectFrom('contents').select('view_count').where('id', '=', contentId).executeTakeFirstOrThrow();
  return Number(row.view_count);
}
async function trend(query = '', cookie: string | null = me) {
  return call(t.app, 'GET', `/api/trend${query}`, cookie ?? undefined);
}
async function read(query = ''): Promise<Trend> {
  const response = await trend(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Trend>();
}
const ranking = (items: Trend['top']) => items.map((item) => [item.title, item.views]);

describe('contents.view_count from the roll-up', () => {
  it('gains exactly the distinct views each roll-up counts, once, whatever repeats or stops the roll-up', async () => {
    // The period before: the loop 20 views (one viewer opening it three times counts once), the post 10.
    const again = randomUUID();
    for (let n = 0; n < 3; n += 1) await send(again, [{ contentId: ids.loop, kind: 'VIEW_START', position: 0 }]);
    await views(ids.loop, 19);
    await views(ids.post, 10);

    // A roll-up window that fails before it commits adds nothing, neither to the aggregates nor to view_count.
    t.clock.advance(graceMs + 1_000);
    const repository = viewRepository(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await repository.rollWindow(trx, { from: new Date(0), to: t.clock.now(), dedupeMinutes: VIEW_DEDUPE_MINUTES, watchCapPerHour: VIEW_WATCH_SECONDS_PER_HOUR_MAX });
        throw new Error('the roll-up stops here');
      }),
    ).rejects.toThrow('the roll-up stops here');
    expect(await viewCount(ids.loop)).toBe(0);

    await rollup.run();
    expect(await viewCount(ids.loop)).toBe(20);
    expect(await viewCount(ids.post)).toBe(10);
    // Run again, and as a restarted job (a new service on the same database): nothing is added twice.
    await rollup.run();
    await viewRollupService(t.db, t.clock, { graceMs }).run();
    expect(await viewCount(ids.loop)).toBe(20);
    expect(await viewCount(ids.post)).toBe(10);
    expect(await viewCount(ids.article)).toBe(0);
  });

  it('adds the next roll-up on top: count in = count shown', async () => {
    t.clock.advance(25 * HOUR);
    await rollup.preparePartitions();
    await views(ids.loop, 12);
    await views(ids.post, 30);
    await views(ids.article, 15);
    await views(ids.hidden, 50);
    await views(ids.deleted, 45);
    await views(ids.onStopped, 40);
    await rollUp();
    expect(await viewCount(ids.loop)).toBe(32);
    expect(await viewCount(ids.post)).toBe(40);
    expect(await viewCount(ids.article)).toBe(15);
    // The contents leave the public side after their views were counted.
    await t.db.updateTable('contents').set({ status: 'HIDDEN' }).where('id', '=', ids.hidden).execute();
    await t.db.updateTable('contents').set({ status: 'DELETE' }).where('id', '=', ids.deleted).execute();
    await t.db.updateTable('channels').set({ status: 'STOP' }).where('id', '=', stopped).execute();
  });
});

describe('GET /api/trend', () => {
  it('answers 401 without a session', async () => {
    const response = await trend('', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTH_UNAUTHORIZED' });
  });

  it.each([['?period=30d'], ['?period='], ['?kind=VIDEO'], ['?channelType=media'], ['?page=2'], ['?kind=POST&kind=NEWS']])('refuses the filter %s with 400 VALIDATION_FAILED', async (query) => {
    const response = await trend(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('ranks the last 24 hours: most viewed, and rising against the 24 hours before; hidden, deleted and stopped left out; own channels marked', async () => {
    const body = await read();
    expect(body).toMatchObject({ period: '24h', to: '2026-11-21T05:00:00.000Z', from: '2026-11-20T05:00:00.000Z', previousFrom: '2026-11-19T05:00:00.000Z' });
    expect(ranking(body.top)).toEqual([
      ['남의 포스트', 30],
      ['내 새 글', 15],
      ['내 루프', 12],
    ]);
    expect(body.top.map((item) => [item.previousViews, item.growthPercent, item.ownChannel])).toEqual([
      [10, 200, false],
      [0, null, true],
      [20, -40, true],
    ]);
    // Rising: 10 → 30 is (30 − 10) / 10 = 2; 0 → 15 is (15 − 0) / 10 (the floor) = 1.5; the loop fell.
    expect(ranking(body.rising)).toEqual([
      ['남의 포스트', 30],
      ['내 새 글', 15],
    ]);
    const post = body.top[0]!;
    expect(post).toEqual({
      contentId: ids.post,
      title: '남의 포스트',
      kind: 'POST',
      thumbnailUrl: null,
      channelId: theirs,
      channelName: '남의 콘텐츠 채널',
      channelType: 'CONTENTS_CHANNEL',
      publicPath: `/c/${theirs}/${ids.post}`,
      views: 30,
      previousViews: 10,
      growthPercent: 200,
      ownChannel: false,
    });
  });

  it('filters by content kind and by channel type', async () => {
    expect(ranking((await read('?kind=POST')).top)).toEqual([['남의 포스트', 30]]);
    expect(ranking((await read('?channelType=MEDIA_CHANNEL')).top)).toEqual([
      ['내 새 글', 15],
      ['내 루프', 12],
    ]);
    expect((await read('?channelType=MEDIA_CHANNEL')).rising.map((item) => item.title)).toEqual(['내 새 글']);
    expect(await read('?kind=LIVE&channelType=MEDIA_CHANNEL')).toMatchObject({ top: [], rising: [] });
  });

  it('ranks the last 7 Korean days beside the 7 before', async () => {
    const body = await read('?period=7d');
    // Korean 2026-11-21 13:30: the days 11-15 to 11-21, from Korean midnight (15:00 UTC the day before).
    expect(body).toMatchObject({ period: '7d', from: '2026-11-14T15:00:00.000Z', to: '2026-11-21T15:00:00.000Z', previousFrom: '2026-11-07T15:00:00.000Z' });
    expect(ranking(body.top)).toEqual([
      ['남의 포스트', 40],
      ['내 루프', 32],
      ['내 새 글', 15],
    ]);
    // Nothing before: each grows over the floor of 10.
    expect(ranking(body.rising)).toEqual([
      ['남의 포스트', 40],
      ['내 루프', 32],
      ['내 새 글', 15],
    ]);
  });

  it('keeps a ranking for a few seconds, then reads it again', async () => {
    expect((await read()).top).toHaveLength(3);
    await t.db.updateTable('contents').set({ status: 'HIDDEN' }).where('id', '=', ids.article).execute();
    expect((await read()).top).toHaveLength(3);
    t.clock.advance(TREND_CACHE_SECONDS * 1000 + 1);
    expect(ranking((await read()).top)).toEqual([
      ['남의 포스트', 30],
      ['내 루프', 12],
    ]);
    await t.db.updateTable('contents').set({ status: 'PUBLIC' }).where('id', '=', ids.article).execute();
  });

  it(`holds at most ${TREND_LIST_MAX} contents a list, most viewed first, the newest first on a tie`, async () => {
    const many: number[] = [];
    for (let n = 0; n < TREND_LIST_MAX + 2; n += 1) {
      many.push(await createContent(t.db, { channel_id: theirs, author_user_id: null, kind: 'NEWS', status: 'PUBLIC', title: `뉴스 ${n}`, thumbnail_url: null }));
    }
    for (const id of many) await views(id, 1);
    await rollUp();
    const body = await read('?kind=NEWS');
    expect(body.top).toHaveLength(TREND_LIST_MAX);
    expect(body.top.map((item) => item.contentId)).toEqual([...many].reverse().slice(0, TREND_LIST_MAX));
    // One view each is below the rising minimum.
    expect(body.rising).toEqual([]);
  });

  it('answers 50 parallel identical requests alike', async () => {
    t.clock.advance(TREND_CACHE_SECONDS * 1000 + 1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => trend('?period=7d')));
    expect(new Set(answers.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((response) => response.body)).size).toBe(1);
  });
});
