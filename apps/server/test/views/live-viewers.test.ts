import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInsights } from '@studio/contract/insights';
import type { StreamState } from '@studio/contract/live';
import { LIVE_CONCURRENT_WINDOW_SECONDS } from '@studio/contract/views';
import { livePresenceService } from '../../src/modules/views/live-presence-service';
import { addMember, createChannel, createLive, createPerson, createStreamKey } from '../../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from '../helper';

/**
 * Issue 23, point 2: a live's concurrent viewers are the viewers its public page heard from in the
 * last 30 s; the peak is kept per live. Pings go in through the public route; the studio reads them
 * with the live's stream state.
 */

let t: TestContext;
let owner: string;
let channelId: number;
let onAir: number;
let ready: number;
let stopped: number;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-20T03:30:00Z') });
  const person = await createPerson(t.db, { name: '방송하는 사람' });
  channelId = await createChannel(t.db, { name: '라이브 채널', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
  const key = await createStreamKey(t.db, { channel_id: channelId, title: '키', created_at: t.clock.now() });
  onAir = await createLive(t.db, { channel_id: channelId, stream_key_id: key.id, title: '방송 중', status: 'START', air_slot: 1, started_at: t.clock.now(), created_at: t.clock.now() });
  ready = await createLive(t.db, { channel_id: channelId, stream_key_id: key.id, title: '준비', status: 'READY', created_at: t.clock.now() });
  const stoppedChannel = await createChannel(t.db, { name: '멈춘 채널', status: 'STOP', live_status: 'SERVICE' });
  const stoppedKey = await createStreamKey(t.db, { channel_id: stoppedChannel, title: '키', created_at: t.clock.now() });
  stopped = await createLive(t.db, { channel_id: stoppedChannel, stream_key_id: stoppedKey.id, title: '멈춘 방송', status: 'START', air_slot: 1, started_at: t.clock.now(), created_at: t.clock.now() });
});

afterAll(async () => {
  await t.close();
});

function ping(liveId: number | string, viewerId: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/public/lives/${liveId}/presence`, headers: { origin: ORIGIN }, payload: { viewerId } });
}
async function audience(liveId = onAir): Promise<Pick<StreamState, 'viewers' | 'peakViewers'>> {
  const response = await call(t.app, 'GET', `/api/channels/${channelId}/lives/streams/state/${liveId}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  const { viewers, peakViewers } = response.json<StreamState>();
  return { viewers, peakViewers };
}

describe('a live’s concurrent viewers', () => {
  it('refuses a malformed viewer or live id with 400, and a live not on air (or on a stopped channel) with 404', async () => {
    expect((await ping(onAir, 'not-a-uuid')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await ping('0x1', randomUUID())).statusCode).toBe(400);
    for (const live of [ready, stopped, 999_999]) {
      const response = await ping(live, randomUUID());
      expect(response.statusCode, String(live)).toBe(404);
      expect(response.json()).toMatchObject({ code: 'LIVE_NOT_FOUND' });
    }
  });

  it('counts the viewers heard from in the last 30 s, each once however often it pings', async () => {
    const viewers = Array.from({ length: 5 }, () => randomUUID());
    // 50 parallel pings of one viewer are one viewer.
    const same = await Promise.all(Array.from({ length: 50 }, () => ping(onAir, viewers[0])));
    expect(new Set(same.map((response) => response.statusCode))).toEqual(new Set([202]));
    for (const viewer of viewers) expect((await ping(onAir, viewer)).statusCode).toBe(202);
    expect(await audience()).toEqual({ viewers: 5, peakViewers: 5 });

    // 20 s on, two of them ping again; 11 s later (31 s after the first pings) only those two are counted.
    t.clock.advance(20_000);
    for (const viewer of viewers.slice(0, 2)) await ping(onAir, viewer);
    t.clock.advance((LIVE_CONCURRENT_WINDOW_SECONDS - 20) * 1000 + 1_000);
    expect(await audience()).toEqual({ viewers: 2, peakViewers: 5 });
  });

  it('keeps the peak per live, sampled by the roll-up tick whether or not the studio looks, and after the live ends', async () => {
    t.clock.advance(60_000);
    const crowd = Array.from({ length: 8 }, () => randomUUID());
    for (const viewer of crowd) await ping(onAir, viewer);
    await livePresenceService(t.db, t.clock).sampleAll();
    t.clock.advance(LIVE_CONCURRENT_WINDOW_SECONDS * 1000 + 1_000);
    await livePresenceService(t.db, t.clock).sampleAll();
    expect(await audience()).toEqual({ viewers: 0, peakViewers: 8 });
    await t.db.updateTable('lives').set({ status: 'END', air_slot: null, ended_at: t.clock.now() }).where('id', '=', onAir).execute();
    expect(await audience()).toEqual({ viewers: 0, peakViewers: 8 });
    // Another live's figures are its own.
    expect(await audience(ready)).toEqual({ viewers: 0, peakViewers: 0 });
  });

  it("draws the live's curve in the channel insights: the most viewers of each sampled minute, and its peak", async () => {
    const response = await call(t.app, 'GET', `/api/channels/${channelId}/insights?days=7`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const { lives } = response.json<ChannelInsights>();
    expect(lives.map((live) => [live.liveId, live.title, live.peakViewers])).toEqual([[onAir, '방송 중', 8]]);
    const curve = lives[0]!.points;
    // 5, then 2 in the same minute (its most stays 5); 8 the next minute; 0 once they left.
    expect(curve.map((point) => point.viewers)).toEqual([5, 8, 0]);
    expect(curve.map((point) => point.at)).toEqual([...curve.map((point) => point.at)].sort());
    expect(curve[0]!.at).toBe('2026-11-20T03:30:00.000Z');
  });
});
