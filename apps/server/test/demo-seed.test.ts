import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInsights } from '@studio/contract/insights';
import { seedDemoWorld } from '../src/seed/demo';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const userId = async (login: string) =>
  (await t.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

describe('the demo world', () => {
  it('is seeded once, even when two starts race', async () => {
    const options = { dataDir: t.config.dataDir };
    const results = await Promise.allSettled([seedDemoWorld(t.db, t.clock.now(), options), seedDemoWorld(t.db, t.clock.now(), options)]);
    const seeded = results.filter((result) => result.status === 'fulfilled' && result.value === true);
    expect(seeded).toHaveLength(1);
    expect(await seedDemoWorld(t.db, t.clock.now())).toBe(false);
    const accounts = await t.db.selectFrom('account.accounts').select('login').orderBy('login').execute();
    expect(accounts.map((account) => account.login)).toEqual(['cityeditor', 'creator', 'manager', 'newbie', 'operator']);
    // The whole world, its 90 days of views and its lives' audiences: more than the default 20 s on a busy machine.
  }, 90_000);

  it("gives Studio Daily two stream keys and ended lives with thumbnails and their 100x66 crops (the creation layer's step 2)", async () => {
    const cookie = await t.cookieFor(await userId('creator'));
    const channel = await t.db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
    const keys = (await call(t.app, 'GET', `/api/channels/${channel.id}/lives/streams`, cookie)).json<{ kampChannelId: string; title: string }[]>();
    expect(keys.map((key) => key.title)).toEqual(['메인 스튜디오', '야외 중계']);
    const previous = await call(t.app, 'GET', `/api/channels/${channel.id}/lives?kampChannelId=${keys[0]!.kampChannelId}&status=END&page=0&size=5&sort=createdAt,DESC`, cookie);
    const page = previous.json<{ content: { thumbnailUrl: string | null; status: string }[]; totalElements: number }>();
    expect(page.content).toHaveLength(5);
    expect(page.totalElements).toBeGreaterThan(5);
    for (const live of page.content) {
      expect(live.thumbnailUrl).toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
      const crop = await t.app.inject({ method: 'GET', url: live.thumbnailUrl!.replace(/\.jpg$/, '-100x66.jpg') });
      expect(crop.statusCode).toBe(200);
    }
  });

  it('gives creator two owned channels, one managed, a fresh review and unread notifications', async () => {
    const cookie = await t.cookieFor(await userId('creator'));
    const channels = (await call(t.app, 'GET', '/api/my/channels', cookie)).json<{ name: string; role: string; channelInfo: { channelType: { code: string } } }[]>();
    expect(channels.map((channel) => [channel.name, channel.role, channel.channelInfo.channelType.code])).toEqual([
      ['Studio Daily', 'OWNER', 'MEDIA_CHANNEL'],
      ['Cooking Notes', 'OWNER', 'CONTENTS_CHANNEL'],
      ['시티 뉴스 — 우리 동네 소식을 가장 빠르게 전하는 지역 방송 채널', 'MANAGER', 'MEDIA_CHANNEL'],
    ]);
    const creatable = (await call(t.app, 'GET', '/api/my/channels/creatable', cookie)).json<{ name: string; options: string[] }[]>();
    expect(creatable.find((channel) => channel.name === 'Studio Daily')?.options).toEqual(['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE']);
    expect(creatable.find((channel) => channel.name === 'Cooking Notes')?.options).toEqual(['POST']);
    expect((await call(t.app, 'GET', '/api/channels/management/has-reviewed-apply', cookie)).json()).toEqual({ hasReviewedApply: true });
    expect((await call(t.app, 'GET', '/api/my/notifications/unread', cookie)).json<{ count: number }>().count).toBe(2);
    // Half a year of read weekly letters under the new ones: the notification page has a second page to load.
    const first = (await call(t.app, 'GET', '/api/my/notifications?group=ALL&page=0&size=20', cookie)).json<{ totalElements: number; last: boolean; content: { read: boolean }[] }>();
    expect(first.totalElements).toBe(29);
    expect(first.last).toBe(false);
    expect(first.content.slice(0, 2).map((item) => item.read)).toEqual([false, false]);
    const second = (await call(t.app, 'GET', '/api/my/notifications?group=ALL&page=1&size=20', cookie)).json<{ last: boolean; content: unknown[] }>();
    expect(second).toMatchObject({ last: true });
    expect(second.content).toHaveLength(9);
  });

  it('lands every seeded notification inside the studio (the browser routes /studio/… addresses, anything else leaves it)', async () => {
    const rows = await t.db.selectFrom('notifications').select(['type', 'landing_url']).where('landing_url', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((row) => !row.landing_url!.startsWith('/studio/'))).toEqual([]);
  });

  it('has applications in every status for the operator queue, one rejected with its reason, none of newbie', async () => {
    const rows = await t.db.selectFrom('channel_applications').select(['status', 'reject_reason', 'applicant_user_id']).execute();
    expect([...new Set(rows.map((row) => row.status))].sort()).toEqual(['APPROVE', 'REJECT', 'REVIEW', 'WAIT']);
    expect(rows.find((row) => row.status === 'REJECT')?.reject_reason).toBeTruthy();
    const newbie = await userId('newbie');
    expect(rows.some((row) => row.applicant_user_id === newbie)).toBe(false);
    const operator = await t.cookieFor(await userId('operator'));
    const queue = (await call(t.app, 'GET', '/api/operator/applications?status=WAIT', operator)).json<{ totalElements: number }>();
    expect(queue.totalElements).toBeGreaterThanOrEqual(2);
  });

  it('gives newbie no channel but two invites and a transfer', async () => {
    const newbie = await userId('newbie');
    const cookie = await t.cookieFor(newbie);
    expect((await call(t.app, 'GET', '/api/my/channels', cookie)).json()).toEqual([]);
    const invites = await t.db
      .selectFrom('channel_invites')
      .innerJoin('channels', 'channels.id', 'channel_invites.channel_id')
      .select(['channels.name', 'channel_invites.role', 'channel_invites.status'])
      .where('invitee_user_id', '=', newbie)
      .orderBy('channels.name')
      .execute();
    expect(invites).toEqual([
      { name: 'Harbor Radio', role: 'OWNER', status: 'PENDING' },
      { name: 'Studio Daily', role: 'MANAGER', status: 'PENDING' },
    ]);
    const harborOwners = await t.db
      .selectFrom('channel_members')
      .innerJoin('channels', 'channels.id', 'channel_members.channel_id')
      .select('channel_members.user_id')
      .where('channels.name', '=', 'Harbor Radio')
      .execute();
    expect(harborOwners).toEqual([]);
    const transfer = await t.db.selectFrom('channel_transfers').select(['status', 'from_user_id']).where('to_user_id', '=', newbie).executeTakeFirstOrThrow();
    expect(transfer).toEqual({ status: 'PENDING', from_user_id: await userId('creator') });
  });

  it('makes operator a studio operator and manager a manager of Studio Daily', async () => {
    const operator = await t.db.selectFrom('users').select('is_operator').where('login', '=', 'operator').executeTakeFirstOrThrow();
    expect(operator.is_operator).toBe(true);
    const cookie = await t.cookieFor(await userId('manager'));
    const channels = (await call(t.app, 'GET', '/api/my/channels', cookie)).json<{ name: string; role: string }[]>();
    expect(channels.map((channel) => [channel.name, channel.role])).toEqual([['Studio Daily', 'MANAGER']]);
  });

  it('holds one owner per channel in the database itself', async () => {
    const channel = await t.db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
    await expect(
      t.db.insertInto('channel_members').values({ channel_id: channel.id, user_id: await userId('newbie'), role: 'OWNER' }).execute(),
    ).rejects.toThrow(/channel_members_one_owner/);
  });

  it('has 90 days of views behind the published contents, rolled up from raw events, so every insight chart shows something', async () => {
    const cookie = await t.cookieFor(await userId('creator'));
    const channel = await t.db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
    const insights = (await call(t.app, 'GET', `/api/channels/${channel.id}/insights?days=90`, cookie)).json<ChannelInsights>();
    expect(insights.daily).toHaveLength(90);
    // Its oldest published content is 80 days old: views on (nearly) every day since.
    expect(insights.daily.filter((day) => day.views > 0).length).toBeGreaterThanOrEqual(78);
    expect(insights.totals.watchSeconds).toBeGreaterThan(0);
    expect(insights.previous.views).toBe(0);
    // Subscribers: 90 kept days rising to today's count, the period before them unknown.
    expect(insights.subscribers?.current).toBe(128_450);
    expect(insights.subscribers?.previous).toBeNull();
    const counts = insights.subscribers?.daily.map((day) => day.subscribers) ?? [];
    expect(counts).toHaveLength(90);
    expect(counts.every((count) => count !== null && count > 100_000 && count <= 128_450)).toBe(true);
    expect(counts.at(-1)).toBe(128_450);
    expect(counts[0]).toBeLessThan(counts.at(-1)!);
    expect(insights.topContents.length).toBeGreaterThanOrEqual(5);
    const [loop] = insights.retention;
    expect(loop?.shares[0]).toBe(1);
    expect(loop?.shares.every((share, tenth) => tenth === 0 || share <= (loop.shares[tenth - 1] ?? 1))).toBe(true);
    expect(loop?.shares[10]).toBeGreaterThan(0);
    // 7 days beside the 7 before: both hold views.
    const week = (await call(t.app, 'GET', `/api/channels/${channel.id}/insights?days=7`, cookie)).json<ChannelInsights>();
    expect(week.totals.views).toBeGreaterThan(0);
    expect(week.previous.views).toBeGreaterThan(0);
    expect(week.subscribers?.previous).toBeLessThan(128_450);
    // Through the roll-up, not written: the cursor moved past the history, and its aggregates agree.
    const cursor = await t.db.selectFrom('view_rollup').select('rolled_to').executeTakeFirstOrThrow();
    expect(cursor.rolled_to).not.toBeNull();
    const byContent = await t.db.selectFrom('content_views_daily').select((eb) => eb.fn.sum<string>('views').as('n')).where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    const byHour = await t.db.selectFrom('content_views_hourly').select((eb) => eb.fn.sum<string>('views').as('n')).where('channel_id', '=', channel.id).executeTakeFirstOrThrow();
    expect(Number(byContent.n)).toBe(Number(byHour.n));
    // Raw events older than the kept days are gone; the kept ones stay in their daily partitions.
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM view_events_default`.execute(t.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("gives the ended lives a concurrent-viewer curve with its peak, sampled from pings as a live on air is", async () => {
    const cookie = await t.cookieFor(await userId('creator'));
    const channel = await t.db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
    const insights = (await call(t.app, 'GET', `/api/channels/${channel.id}/insights?days=28`, cookie)).json<ChannelInsights>();
    expect(insights.lives).toHaveLength(5);
    for (const live of insights.lives) {
      const row = await t.db.selectFrom('lives').select(['started_at', 'ended_at']).where('id', '=', live.liveId).executeTakeFirstOrThrow();
      // A point a minute while it was on air, inside its hours.
      expect(live.points.length).toBeGreaterThanOrEqual(59);
      expect(Date.parse(live.points[0]!.at)).toBeGreaterThanOrEqual(row.started_at!.getTime() - 60_000);
      expect(Date.parse(live.points.at(-1)!.at)).toBeLessThan(row.ended_at!.getTime());
      const viewers = live.points.map((point) => point.viewers);
      expect(live.peakViewers).toBe(Math.max(...viewers));
      // It rises to its peak and falls again: neither end is the peak.
      expect(viewers[0]).toBeLessThan(live.peakViewers / 2);
      expect(viewers.at(-1)).toBeLessThan(live.peakViewers);
    }
    // The live page's stream panel reads the same peak.
    const [latest] = insights.lives;
    const state = (await call(t.app, 'GET', `/api/channels/${channel.id}/lives/streams/state/${latest!.liveId}`, cookie)).json<{ peakViewers: number }>();
    expect(state.peakViewers).toBe(latest!.peakViewers);
    // No ping is left behind: the next tick would count nobody.
    const pings = await t.db.selectFrom('live_presence').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(pings.n)).toBe(0);
  });
});
