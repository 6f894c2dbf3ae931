import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_PERIOD_DAYS, RETENTION_POINTS, type ChannelInsights } from '@studio/contract/insights';
import type { Beacon } from '@studio/contract/views';
import { addDays, koreanDay } from '@studio/contract/korea-time';
import { insightPeriod } from '../../src/modules/insights/insight-service';
import { subscriberHistoryService } from '../../src/modules/insights/subscriber-service';
import { fixedClock } from '../../src/lib/clock';
import { rollupGraceMs, viewRollupService } from '../../src/modules/views/view-service';
import { addMember, createChannel, createContent, createPerson } from '../../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from '../helper';

/**
 * Issue 23, point 4: a channel's insights. Views go in as public pages send them (the beacon route),
 * through the roll-up as its job runs it, and come out of GET /channels/{id}/insights.
 */

const DAY = 86_400_000;
let t: TestContext;
let channelId: number;
let otherChannelId: number;
let loop: number;
let article: number;
let elsewhere: number;
let owner: string;
let manager: string;
let credit: string;
let stranger: string;
let rollup: ReturnType<typeof viewRollupService>;
let graceMs: number;

beforeAll(async () => {
  // Korean 23:30 on 2026-11-07: the clock then moves eight days, to 2026-11-15.
  t = await createTestApp({ now: new Date('2026-11-07T14:30:00Z') });
  const [o, m, c, s] = await Promise.all(['소유자', '매니저', '수익 관리자', '낯선 사람'].map((name) => createPerson(t.db, { name })));
  channelId = await createChannel(t.db, { name: '인사이트 채널', channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', subscriber_count: 4_321 });
  otherChannelId = await createChannel(t.db, { name: '다른 채널', channel_type: 'CONTENTS_CHANNEL', status: 'SERVICE' });
  await addMember(t.db, channelId, o!.userId, 'OWNER');
  await addMember(t.db, channelId, m!.userId, 'MANAGER');
  await addMember(t.db, channelId, c!.userId, 'CREDIT_MANAGER');
  await addMember(t.db, otherChannelId, s!.userId, 'OWNER');
  [owner, manager, credit, stranger] = (await Promise.all([o, m, c, s].map((p) => t.cookieFor(p!.userId)))) as [string, string, string, string];
  loop = await createContent(t.db, { channel_id: channelId, author_user_id: null, kind: 'SHORTS', status: 'PUBLIC', title: '100초 루프', thumbnail_url: null, duration_seconds: 100 });
  article = await createContent(t.db, { channel_id: channelId, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '글', thumbnail_url: null });
  elsewhere = await createContent(t.db, { channel_id: otherChannelId, author_user_id: null, kind: 'SHORTS', status: 'PUBLIC', title: '남의 루프', thumbnail_url: null, duration_seconds: 60 });
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
const start = (contentId: number): Beacon => ({ contentId, kind: 'VIEW_START', position: 0 });
const beat = (contentId: number, seconds: number, position: number): Beacon => ({ contentId, kind: 'HEARTBEAT', seconds, position });

async function rollUp() {
  t.clock.advance(graceMs + 1_000);
  await rollup.run();
}

async function insights(days?: string, cookie = owner, channel = channelId) {
  const response = await call(t.app, 'GET', `/api/channels/${channel}/insights${days === undefined ? '' : `?days=${days}`}`, cookie);
  return response;
}

describe('channel insights', () => {
  it('counts the period before: eight days ago, three viewers of the article, one opening it twice, are 3 views', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await send(a, [start(article)]);
    await send(a, [start(article)]); // the same viewer within 30 minutes: one view
    await send(b, [start(article)]);
    await send(c, [start(article), beat(article, 30, 30)]);
    await rollUp();
    const before = (await insights('7')).json<ChannelInsights>();
    expect(before.totals).toEqual({ views: 3, watchSeconds: 30, averageViewSeconds: 10 });
    expect(before.daily.at(-1)).toMatchObject({ day: '2026-11-07', views: 3, watchSeconds: 30 });
  });

  it('reads exactly the distinct views a beacon → roll-up → read produces, per Korean day, beside the previous period', async () => {
    t.clock.advance(8 * DAY);
    await rollup.preparePartitions();
    const viewers = Array.from({ length: 5 }, () => randomUUID());
    const [a, b, c, d, e] = viewers as [string, string, string, string, string];
    for (const viewer of viewers) await send(viewer, [start(loop)]);
    for (let again = 0; again < 4; again += 1) await send(a, [start(loop)]);
    // Heartbeats: A to 40 s in this window, then to the end in the next; B to the middle; C past the
    // first tenth; E only to 5 s; D none.
    await send(a, [beat(loop, 20, 20), beat(loop, 20, 40)]);
    await send(b, [beat(loop, 50, 50)]);
    await send(c, [beat(loop, 10, 10)]);
    await send(e, [beat(loop, 5, 5)]);
    // Another channel's views never show in this one.
    await send(randomUUID(), [start(elsewhere), beat(elsewhere, 60, 59)]);
    await rollUp();
    await send(a, [beat(loop, 59, 99)]);
    await rollUp();
    void d;

    const response = await insights('7');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ChannelInsights>();
    expect(body).toMatchObject({ channelId, channelType: 'MEDIA_CHANNEL', days: 7, from: '2026-11-09', to: '2026-11-15', subscribers: { current: 4_321 } });
    expect(body.daily).toHaveLength(7);
    expect(body.daily.map((day) => day.day)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15']);
    expect(body.daily.slice(0, 6).every((day) => day.views === 0 && day.watchSeconds === 0)).toBe(true);
    const watch = 20 + 20 + 50 + 10 + 5 + 59;
    expect(body.daily[6]).toEqual({ day: '2026-11-15', views: 5, watchSeconds: watch, averageViewSeconds: Math.round(watch / 5) });
    expect(body.totals).toEqual({ views: 5, watchSeconds: watch, averageViewSeconds: Math.round(watch / 5) });
    expect(body.previous).toEqual({ views: 3, watchSeconds: 30, averageViewSeconds: 10 });
    expect(body.topContents).toEqual([{ contentId: loop, title: '100초 루프', kind: 'SHORTS', views: 5, watchSeconds: watch, averageViewSeconds: Math.round(watch / 5) }]);

    // 28 days hold both periods' views; the article comes second.
    const month = (await insights('28')).json<ChannelInsights>();
    expect(month.totals.views).toBe(8);
    expect(month.topContents.map((content) => [content.contentId, content.views])).toEqual([
      [loop, 5],
      [article, 3],
    ]);
  });

  it('draws a loop retention curve: the share of views reaching each tenth, a viewer counted once across windows', async () => {
    const body = (await insights('7')).json<ChannelInsights>();
    expect(body.retention).toHaveLength(1);
    const [curve] = body.retention;
    expect(curve).toMatchObject({ contentId: loop, durationSeconds: 100, views: 5 });
    // A reached the end (99 s of 100), B half (50 s → the 5th tenth), C the first tenth, D and E none.
    expect(curve!.shares).toHaveLength(RETENTION_POINTS);
    expect(curve!.shares).toEqual([1, 0.6, 0.4, 0.4, 0.4, 0.4, 0.2, 0.2, 0.2, 0.2, 0.2]);
  });

  it('answers owners, managers and credit managers alike; another person 403, no session 401, a missing channel 404', async () => {
    const expected = (await insights('28', owner)).json<ChannelInsights>();
    for (const cookie of [manager, credit]) {
      const response = await insights('28', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    const foreign = await insights('28', stranger);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ code: string }>().code).toBe('CHANNEL_ACCESS_DENIED');
    expect((await call(t.app, 'GET', `/api/channels/${channelId}/insights`)).statusCode).toBe(401);
    const missing = await insights('28', owner, 987_654_321);
    expect(missing.statusCode).toBe(404);
    // The stranger's own channel has its own (here only the other loop's) figures, and no subscribers (not a media channel).
    const theirs = (await insights('7', stranger, otherChannelId)).json<ChannelInsights>();
    expect(theirs).toMatchObject({ subscribers: null, totals: { views: 1, watchSeconds: 60 } });
    expect(theirs.retention[0]?.shares).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('refuses a period other than 7, 28 or 90 days with 400 VALIDATION_FAILED, and reads 28 when none is given', async () => {
    for (const days of ['14', '0', '-7', 'abc', '7.0', '', '900']) {
      const response = await insights(days);
      expect(response.statusCode, days).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const unknownParameter = await call(t.app, 'GET', `/api/channels/${channelId}/insights?days=7&from=2020-01-01`, owner);
    expect(unknownParameter.statusCode).toBe(400);
    const standard = (await insights()).json<ChannelInsights>();
    expect(standard.days).toBe(28);
    for (const days of INSIGHT_PERIOD_DAYS) expect((await insights(days)).json<ChannelInsights>().daily).toHaveLength(Number(days));
  });

  it("keeps a media channel's subscribers per Korean day from the roll-up's tick and reads them beside the period before, carried over days without a row", async () => {
    const today = koreanDay(t.clock.now());
    const setCount = (subscribers: number) => t.db.updateTable('channels').set({ subscriber_count: subscribers }).where('id', '=', channelId).execute();
    // The tick of a day, at Korean noon.
    const tickOn = (day: string) => subscriberHistoryService(t.db, fixedClock(new Date(`${day}T03:00:00Z`))).keepToday();
    await setCount(4_000);
    expect(await tickOn(addDays(today, -10))).toBe(true);
    await setCount(4_100);
    const service = subscriberHistoryService(t.db, fixedClock(new Date(`${addDays(today, -3)}T03:00:00Z`)));
    expect(await service.keepToday()).toBe(true);
    await setCount(4_200);
    // Within a minute the same instance does not write again; the day's count is its last kept one.
    expect(await service.keepToday()).toBe(false);
    expect(await tickOn(addDays(today, -3))).toBe(true);
    await setCount(4_321);

    const week = (await insights('7')).json<ChannelInsights>();
    expect(week.subscribers).toEqual({
      current: 4_321,
      previous: 4_000,
      daily: [4_000, 4_000, 4_000, 4_200, 4_200, 4_200, 4_321].map((subscribers, n) => ({ day: addDays(today, n - 6), subscribers })),
    });
    // Before the first kept day there is no count: null, not a guess.
    const month = (await insights('28')).json<ChannelInsights>();
    expect(month.subscribers?.previous).toBeNull();
    expect(month.subscribers?.daily.filter((day) => day.subscribers === null)).toHaveLength(17);
    expect(month.subscribers?.daily[17]).toEqual({ day: addDays(today, -10), subscribers: 4_000 });
    // A contents channel keeps none (spec section 6: subscribers for media channels).
    const rows = await t.db.selectFrom('channel_subscribers_daily').select('channel_id').distinct().execute();
    expect(rows.map((row) => row.channel_id)).toEqual([channelId]);
    expect((await insights('7', stranger, otherChannelId)).json<ChannelInsights>().subscribers).toBeNull();
  });

  it('answers the same read twice the same, and changes nothing', async () => {
    const first = await insights('90');
    const second = await insights('90');
    expect(second.json()).toEqual(first.json());
  });
});

describe('the period', () => {
  it('is Korean days ending today, the previous period just before it', () => {
    // 2026-11-15 23:30 UTC is already 2026-11-16 in Korea.
    expect(insightPeriod(new Date('2026-11-15T15:30:00Z'), 7)).toEqual({ from: '2026-11-10', to: '2026-11-16', previousFrom: '2026-11-03', previousTo: '2026-11-09' });
    expect(insightPeriod(new Date('2026-03-01T00:00:00Z'), 28)).toEqual({ from: '2026-02-02', to: '2026-03-01', previousFrom: '2026-01-05', previousTo: '2026-02-01' });
  });
});
