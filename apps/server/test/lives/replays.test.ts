import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSummary } from '@studio/contract/content';
import type { PlayerInfo } from '@studio/contract/live';
import type { Page } from '@studio/contract/page';
import { REPLAY_QUEUE } from '../../src/modules/lives/replay-service';
import { RECORDING_REMOVE_QUEUE } from '../../src/modules/lives/recording-files';
import { addMember, createChannel, createLive, createPerson, createStreamKey } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { jpegQuality } from '../jpeg-quality';
import { eventually, startEncoder, type Encoder } from './encoder';
import { newKeyAndLive as keyAndLive } from './stream-keys';

/**
 * Issue 24, point 1: closing a live that recorded makes one content of kind LIVE (its replay), with
 * the live's texts, a thumbnail taken from the recording by ffmpeg (JPEG quality 75) unless one was
 * uploaded, and the recording's length; it follows the content transition table, and deleting it
 * removes the recording once. A live that recorded nothing says so and has no replay. Real ffmpeg
 * publishes over RTMP into the embedded ingest.
 */

let t: TestContext;
let dataDir: string;
let channelId: number;
let owner: string;
let rtmpPort: number;
let httpBase: string;
const encoders: Encoder[] = [];

const base = () => `/api/channels/${channelId}/lives`;
const hlsDir = (liveId: number) => path.join(dataDir, 'live', String(liveId));

const newKeyAndLive = (title: string) => keyAndLive(t.app, channelId, owner, title);

const playerInfo = async (liveId: number) => (await call(t.app, 'GET', `${base()}/${liveId}/player-info`, owner)).json<PlayerInfo>();
const replaysOf = async (liveId: number) => t.db.selectFrom('contents').selectAll().where('live_id', '=', liveId).execute();
const channelContents = async () => (await call(t.app, 'GET', `/api/channels/${channelId}/contents?kind=LIVE`, owner)).json<Page<ContentSummary>>().content;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'live-replays-'));
  t = await createTestApp({ env: { RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', DATA_DIR: dataDir, FFMPEG_PATH: '/usr/bin/ffmpeg' } });
  httpBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { name: 'Studio Daily', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
  rtmpPort = Number(/:(\d+)\/live$/.exec((await newKeyAndLive('port probe')).key.serverUrl)?.[1]);
});

afterAll(async () => {
  await Promise.all(encoders.map((encoder) => encoder.stop()));
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('replays as channel contents', () => {
  let recordedLiveId: number;
  let replayId: number;

  it('closing a live that recorded makes one LIVE content with its texts, a thumbnail from the recording at quality 75 and its length', async () => {
    const { key, liveId } = await newKeyAndLive('main');
    recordedLiveId = liveId;
    await call(t.app, 'PUT', `${base()}/${liveId}`, owner, { title: '주간 스튜디오 토크', description: '지난주 이야기' });
    const encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${key.streamKey}`);
    encoders.push(encoder);
    await eventually(async () => (await playerInfo(liveId)).preview !== null, 5000, 'receiving');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    // A few seconds on air: several one-second segments.
    await eventually(async () => {
      const text = await readFile(path.join(hlsDir(liveId), 'index.m3u8'), 'utf8').catch(() => '');
      return (text.match(/\.ts/g) ?? []).length >= 3;
    }, 15_000, 'three recorded segments');
    expect((await playerInfo(liveId)).replayState).toBeNull();

    const closed = await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
    expect(closed.statusCode, closed.body).toBe(200);
    await encoder.stop();

    // Settled just after the close answered.
    const info = await eventually(async () => {
      const answer = await playerInfo(liveId);
      return answer.replayState === 'READY' ? answer : null;
    }, 10_000, 'the replay settled');
    expect(info.replay).toEqual({ url: `/live/${liveId}/index.m3u8`, type: 'hls' });
    const listed = (await channelContents()).filter((content) => content.liveId === liveId);
    expect(listed).toHaveLength(1);
    const replay = listed[0]!;
    replayId = replay.id;
    expect(info.replayContentId).toBe(replay.id);
    expect(replay).toMatchObject({ kind: 'LIVE', status: 'PUBLIC', title: '주간 스튜디오 토크', viewCount: 0, videoUrl: `/live/${liveId}/index.m3u8` });
    expect(replay.durationSeconds).toBeGreaterThanOrEqual(2);
    expect((await replaysOf(liveId))[0]!.body).toBe('지난주 이야기');

    // The thumbnail: a JPEG at quality 75 of the recording's picture, stored like uploads, and the live's too.
    expect(replay.thumbnailUrl).toMatch(/^\/media\/thumbnails\/[0-9a-f-]+\.jpg$/);
    const jpeg = Buffer.from(await (await fetch(`${httpBase}${replay.thumbnailUrl!}`)).arrayBuffer());
    expect(await jpegQuality(jpeg)).toBe(75);
    const live = await t.db.selectFrom('lives').select(['thumbnail_url', 'replay_state']).where('id', '=', liveId).executeTakeFirstOrThrow();
    expect(live).toEqual({ thumbnail_url: replay.thumbnailUrl, replay_state: 'READY' });
    // The replay plays from the same playlist, ended.
    const vod = await (await fetch(`${httpBase}${replay.videoUrl!}`)).text();
    expect(vod).toContain('#EXT-X-ENDLIST');
  });

  it('closing again, the queued job and its retry all leave one content', async () => {
    const again = await call(t.app, 'POST', `${base()}/${recordedLiveId}/close`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('LIVE_STATE_CHANGED');
    // The job queued by the close (a fallback for a close that could not settle it): it finds the replay made.
    expect(await t.app.jobs.drain(REPLAY_QUEUE, { ignoreStartAfter: true })).toBe(1);
    await t.app.jobs.send(REPLAY_QUEUE, { liveId: recordedLiveId, actorId: null }, { singletonKey: `replay-${recordedLiveId}` });
    expect(await t.app.jobs.drain(REPLAY_QUEUE, { ignoreStartAfter: true })).toBe(1);
    expect(await replaysOf(recordedLiveId)).toHaveLength(1);
  });

  it('hides and deletes through the content transition table; the delete removes the recording once', async () => {
    const hidden = await call(t.app, 'POST', `/api/channels/${channelId}/contents/${replayId}/hide`, owner, { version: 1 });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<{ status: string }>().status).toBe('HIDDEN');
    // An edit of the title keeps a replay complete though its description may be empty.
    const edited = await call(t.app, 'PATCH', `/api/channels/${channelId}/contents/${replayId}`, owner, { version: 2, title: '다시 보기', body: '' });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await call(t.app, 'DELETE', `/api/channels/${channelId}/contents/${replayId}?version=3`, owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/channels/${channelId}/contents/${replayId}?version=3`, owner)).statusCode).toBe(204);
    expect((await stat(hlsDir(recordedLiveId))).isDirectory()).toBe(true);
    expect(await t.app.jobs.drain(RECORDING_REMOVE_QUEUE)).toBe(1);
    await expect(stat(hlsDir(recordedLiveId))).rejects.toThrow();
    expect(await t.app.jobs.drain(RECORDING_REMOVE_QUEUE)).toBe(0);
    const info = await playerInfo(recordedLiveId);
    expect(info).toMatchObject({ replayState: 'DELETED', replay: null, replayContentId: null });
    expect((await fetch(`${httpBase}/live/${recordedLiveId}/index.m3u8`)).status).toBe(404);
  });

  it('an encoder that reconnects within the grace window carries on the same live and recording: one replay of both parts', async () => {
    const { key, liveId } = await newKeyAndLive('reconnect');
    const url = `rtmp://127.0.0.1:${rtmpPort}/live/${key.streamKey}`;
    const segments = async () => ((await readFile(path.join(hlsDir(liveId), 'index.m3u8'), 'utf8').catch(() => '')).match(/\.ts/g) ?? []).length;
    let encoder = startEncoder(url);
    encoders.push(encoder);
    await eventually(async () => (await playerInfo(liveId)).preview !== null, 5000, 'receiving');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    await eventually(async () => (await segments()) >= 2, 15_000, 'two segments');
    await encoder.stop();
    const interrupted = await eventually(async () => {
      const state = (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<{ reception: string; graceEndsAt: string | null }>();
      return state.reception === 'INTERRUPTED' ? state : null;
    }, 5000, 'interrupted');
    expect(interrupted.graceEndsAt).not.toBeNull();
    const before = await segments();
    encoder = startEncoder(url);
    encoders.push(encoder);
    await eventually(async () => (await segments()) >= before + 2, 15_000, 'the recording goes on');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
    await encoder.stop();
    const replays = await eventually(async () => {
      const rows = await replaysOf(liveId);
      return rows.length ? rows : null;
    }, 10_000, 'the replay');
    expect(replays).toHaveLength(1);
    const playlist = await readFile(path.join(hlsDir(liveId), 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-DISCONTINUITY');
    expect(replays[0]!.duration_seconds).toBeGreaterThanOrEqual(before + 1);
    // The close's fallback job finds it settled.
    expect(await t.app.jobs.drain(REPLAY_QUEUE, { ignoreStartAfter: true })).toBe(1);
    expect(await replaysOf(liveId)).toHaveLength(1);
  });

  it('a live that recorded nothing says so and makes no content', async () => {
    const { id: keyId } = await createStreamKey(t.db, { channel_id: channelId, title: 'silent', created_at: new Date() });
    const liveId = await createLive(t.db, { channel_id: channelId, stream_key_id: keyId, title: '조용한 방송', status: 'START', air_slot: 5, started_at: new Date(), created_at: new Date() });
    expect((await call(t.app, 'POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
    await eventually(async () => (await playerInfo(liveId)).replayState !== 'PENDING', 10_000, 'settled');
    expect(await playerInfo(liveId)).toMatchObject({ status: 'END', replayState: 'NONE', replay: null, replayContentId: null });
    expect(await replaysOf(liveId)).toHaveLength(0);
    expect(await t.app.jobs.drain(REPLAY_QUEUE, { ignoreStartAfter: true })).toBe(1);
    expect(await replaysOf(liveId)).toHaveLength(0);
  });

  it('an uploaded thumbnail is the replay\u2019s, and deleting the live deletes its replay and recording', async () => {
    const { key, liveId } = await newKeyAndLive('with thumbnail');
    const encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${key.streamKey}`);
    encoders.push(encoder);
    await eventually(async () => (await playerInfo(liveId)).preview !== null, 5000, 'receiving');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    await eventually(async () => ((await readFile(path.join(hlsDir(liveId), 'index.m3u8'), 'utf8').catch(() => '')).includes('.ts') ? true : null), 15_000, 'a segment');
    await t.db.updateTable('lives').set({ thumbnail_url: '/media/thumbnails/uploaded.jpg' }).where('id', '=', liveId).execute();
    expect((await call(t.app, 'POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
    await encoder.stop();
    const [replay] = await eventually(async () => {
      const rows = await replaysOf(liveId);
      return rows.length ? rows : null;
    }, 10_000, 'the replay');
    expect(replay?.thumbnail_url).toBe('/media/thumbnails/uploaded.jpg');

    expect((await call(t.app, 'DELETE', `${base()}/${liveId}`, owner)).statusCode).toBe(204);
    expect((await t.db.selectFrom('contents').select('status').where('id', '=', replay!.id).executeTakeFirstOrThrow()).status).toBe('DELETE');
    expect(await t.app.jobs.drain(RECORDING_REMOVE_QUEUE)).toBe(1);
    await expect(stat(hlsDir(liveId))).rejects.toThrow();
  });
});
