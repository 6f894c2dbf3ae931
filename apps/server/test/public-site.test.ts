import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentStatus } from '@studio/contract/enums';
import { sessionCookieName } from '../src/plugins/session';
import { createChannel, createContent, createLive, createPerson, createStreamKey } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

// The public site (modules/public-site): pages without sign-in, one per channel, published content and
// live on air or replayable; every other case is one and the same 404.

let t: TestContext;
let channel: number;
let other: number;
let stopped: number;
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const base = new Date('2026-11-20T03:00:00Z');
const at = (days: number) => new Date(base.getTime() + days * DAY);

const get = (url: string) => t.app.inject({ method: 'GET', url });
const metaContent = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://studio.example' } });
  channel = await createChannel(t.db, { name: '공개 채널 <b>&', profile_image_url: '/media/profiles/p.jpg' });
  other = await createChannel(t.db, { name: '다른 채널' });
  stopped = await createChannel(t.db, { name: '중지된 채널', status: 'STOP' });
  const content = (channelId: number, values: { kind: 'CONTENT_VIEW' | 'SHORTS' | 'NEWS' | 'POST' | 'LIVE'; status?: ContentStatus; title: string; day: number } & Record<string, unknown>) => {
    const { kind, status = 'PUBLIC', title, day, ...rest } = values;
    return createContent(t.db, { channel_id: channelId, author_user_id: null, kind, status, title, thumbnail_url: null, created_at: at(day), published_at: at(day), ...rest });
  };
  ids.article = await content(channel, {
    kind: 'CONTENT_VIEW',
    title: '기사 <script>alert(1)</script>',
    day: 1,
    body: '<p>본문 <strong>굵게</strong></p><script>alert(2)</script><img src="x" onerror="alert(3)">',
    cover_image: JSON.stringify({ id: 1, url: '/media/images/cover.jpg', width: 1200, height: 630 }),
  });
  ids.post = await content(channel, { kind: 'POST', title: '포스트', day: 2, body: '첫 줄 <i>기울임 아님</i>\n둘째 줄', link_url: 'https://example.com/a?b=1&c=2', link_kind: 'OTHER' });
  ids.loop = await content(channel, { kind: 'SHORTS', title: '루프', day: 3, thumbnail_url: '/media/thumbnails/t.jpg', video_url: '/media/loops/v.mp4', duration_seconds: 30 });
  // Never published through the studio (a seed): its creation date orders it.
  ids.seeded = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'NEWS', status: 'PUBLIC', title: '시드 뉴스', thumbnail_url: null, created_at: at(0) });
  for (const status of ['HIDDEN', 'PUBLIC_RESERVATION', 'DELETE', 'REPORT_BLIND', 'REPORT_DELETE', 'ADULT_IMAGE_BLIND', 'DRAFT', 'IN_PROCESSING', 'PUBLIC_ERROR'] as const) {
    ids[status] = await content(channel, { kind: 'CONTENT_VIEW', status, title: `숨은 ${status}`, day: 4 });
  }
  ids.otherChannels = await content(other, { kind: 'POST', title: '다른 채널의 글', day: 1 });
  ids.stoppedChannels = await content(stopped, { kind: 'POST', title: '중지된 채널의 글', day: 1 });

  const key = (await createStreamKey(t.db, { channel_id: channel, title: '키', created_at: at(0) })).id;
  const key2 = (await createStreamKey(t.db, { channel_id: channel, title: '키 2', created_at: at(0) })).id;
  const live = (values: { title: string; status: 'READY' | 'START' | 'END'; has_recording?: boolean; stream_key_id?: number }) =>
    createLive(t.db, {
      channel_id: channel,
      stream_key_id: key,
      created_at: at(1),
      started_at: values.status === 'READY' ? null : at(1),
      ended_at: values.status === 'END' ? at(2) : null,
      air_slot: values.status === 'START' ? 1 : null,
      thumbnail_url: '/media/thumbnails/live.jpg',
      description: '설명 <b>첫째</b>\n둘째',
      ...values,
    });
  ids.onAir = await live({ title: '생방송 <중>', status: 'START', stream_key_id: key2 });
  ids.replay = await live({ title: '다시보기', status: 'END', has_recording: true });
  ids.noRecording = await live({ title: '녹화 없음', status: 'END', has_recording: false });
  ids.ready = await live({ title: '준비 중', status: 'READY' });
  // Replays are contents of kind LIVE (issue 24): a published one makes its live's page public, a hidden one does not.
  const replayOf = (liveId: number, status: 'PUBLIC' | 'HIDDEN') =>
    content(channel, { kind: 'LIVE', status, title: '다시보기', day: 2, live_id: liveId, video_url: `/live/${liveId}/index.m3u8`, duration_seconds: 60, thumbnail_url: '/media/thumbnails/live.jpg' });
  ids.replayContent = await replayOf(ids.replay, 'PUBLIC');
  ids.hiddenReplay = await live({ title: '숨긴 다시보기', status: 'END', has_recording: true });
  await replayOf(ids.hiddenReplay, 'HIDDEN');
});

afterAll(async () => {
  await t?.close();
});

describe('a content page', () => {
  it('serves an article: escaped title, Open Graph tags, the sanitised body, no script', async () => {
    const response = await get(`/c/${channel}/${ids.article}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="ko">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>기사 &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('<h1>기사 &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(metaContent(html, 'og:title')).toBe('기사 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(`https://studio.example/c/${channel}/${ids.article}`);
    expect(metaContent(html, 'og:image')).toBe('https://studio.example/media/images/cover.jpg');
    expect(metaContent(html, 'og:site_name')).toBe('공개 채널 &lt;b&gt;&amp;');
    expect(html).toContain('<p>본문 <strong>굵게</strong></p>');
    // Nothing of the body's script or handler; the one script is the site's own beacon, told its content.
    expect(html).not.toMatch(/onerror|alert\(2\)/i);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/c/beacon.js" defer>']);
    expect(html).toContain(`<article data-view-content="${ids.article}">`);
  });

  it('serves a post as escaped text, with its link', async () => {
    const html = (await get(`/c/${channel}/${ids.post}`)).body;
    expect(html).toContain('<p>첫 줄 &lt;i&gt;기울임 아님&lt;/i&gt;<br />둘째 줄</p>');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toBeUndefined();
  });

  it('serves a loop as a video with its poster', async () => {
    const html = (await get(`/c/${channel}/${ids.loop}`)).body;
    expect(html).toContain('<video class="loop" controls playsinline preload="metadata" poster="/media/thumbnails/t.jpg" src="/media/loops/v.mp4"></video>');
    expect(metaContent(html, 'og:type')).toBe('video.other');
    expect(metaContent(html, 'og:image')).toBe('https://studio.example/media/thumbnails/t.jpg');
  });

  it('is public for a minute, under the page CSP, without the studio bundle; only content pages and lives on air load the beacon', async () => {
    const response = await get(`/c/${channel}/${ids.article}`);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['set-cookie']).toBeUndefined();
    const channelPage = (await get(`/c/${channel}`)).body;
    expect(channelPage).not.toContain('<script');
    expect(channelPage).not.toContain('/studio/assets/');
    // A live on air: the beacon says its viewer is there (its concurrent viewers, issue 23).
    expect((await get(`/c/${channel}/live/${ids.onAir}`)).body).toContain(`<article data-live-presence="${ids.onAir}">`);
    for (const url of [`/c/${channel}/${ids.post}`, `/c/${channel}/${ids.loop}`]) {
      const body = (await get(url)).body;
      expect(body.match(/<script[^>]*>/g), url).toEqual(['<script src="/c/beacon.js" defer>']);
      expect(body, url).not.toContain('/studio/assets/');
    }
    // A live's page also has its player script (hls.js only for browsers that do not play HLS themselves).
    const livePage = (await get(`/c/${channel}/live/${ids.onAir}`)).body;
    expect(livePage.match(/<script[^>]*>/g)).toEqual(['<script src="/c/live-player.js" defer>', '<script src="/c/beacon.js" defer>']);
    expect(livePage).not.toContain('/studio/assets/');
    const script = await get('/c/beacon.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=3600');
    expect(script.body).toContain("fetch('/api/public/beacons'");
    expect(script.body).toContain("fetch('/api/public/lives/' + liveId + '/presence'");
  });
});

describe('a signed-in reader', () => {
  it('gets the same page, without a session lookup and without a cookie', async () => {
    // PUBLIC_URL is https here, so the session cookie has its secure name.
    const token = (await t.cookieFor((await createPerson(t.db)).userId)).split('=')[1] ?? '';
    const cookie = `${sessionCookieName(true)}=${token}`;
    const before = t.app.sessions.lookups;
    const signedIn = await call(t.app, 'GET', `/c/${channel}/${ids.article}`, cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe((await get(`/c/${channel}/${ids.article}`)).body);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(t.app.sessions.lookups).toBe(before);
    // …whereas the studio does look the session up.
    expect((await call(t.app, 'GET', '/api/my/channels', cookie)).statusCode).toBe(200);
    expect(t.app.sessions.lookups).toBe(before + 1);
  });
});

describe('what is not public', () => {
  const notFound = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(404);
    expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control'], url).toBe('public, max-age=60');
    return response.body;
  };

  it('answers the same 404 for every status but PUBLIC', async () => {
    const bodies = new Set<string>();
    for (const status of ['HIDDEN', 'PUBLIC_RESERVATION', 'DELETE', 'REPORT_BLIND', 'REPORT_DELETE', 'ADULT_IMAGE_BLIND', 'DRAFT', 'IN_PROCESSING', 'PUBLIC_ERROR']) {
      bodies.add(await notFound(`/c/${channel}/${ids[status]}`));
    }
    bodies.add(await notFound(`/c/${channel}/999999`));
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('페이지를 찾을 수 없습니다');
  });

  it('answers 404 for another channel’s content under this channel’s path', async () => {
    await notFound(`/c/${channel}/${ids.otherChannels}`);
    expect((await get(`/c/${other}/${ids.otherChannels}`)).statusCode).toBe(200);
  });

  it('answers 404 for a channel not in SERVICE, its page and its contents', async () => {
    await notFound(`/c/${stopped}`);
    await notFound(`/c/${stopped}/${ids.stoppedChannels}`);
    await notFound('/c/999999');
  });

  it('answers 404 for ids that are not ids, and for any other address under /c/', async () => {
    for (const id of ['0', '-1', '01', '1e3', 'abc', '%20%31', '99999999999999999999']) {
      await notFound(`/c/${id}`);
      await notFound(`/c/${channel}/${id}`);
      await notFound(`/c/${channel}/live/${id}`);
    }
    for (const url of ['/c/', `/c/${channel}/`, `/c/${channel}/live`, `/c/${channel}/${ids.article}/more`, `/c/${channel}/live/${ids.onAir}/x`]) await notFound(url);
  });

  it('answers 404 for a live not started or ended without a recording, and for another channel', async () => {
    await notFound(`/c/${channel}/live/${ids.ready}`);
    await notFound(`/c/${channel}/live/${ids.noRecording}`);
    await notFound(`/c/${channel}/live/${ids.hiddenReplay}`);
    await notFound(`/c/${other}/live/${ids.onAir}`);
  });
});

describe('a live page', () => {
  it('plays a live on air through its public HLS, with a link for browsers without native HLS', async () => {
    const response = await get(`/c/${channel}/live/${ids.onAir}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>생방송 &lt;중&gt;</h1>');
    expect(html).toContain('방송 중');
    expect(html).toContain(`src="/live/${ids.onAir}/index.m3u8"`);
    expect(html).toContain(`<a href="/live/${ids.onAir}/index.m3u8">`);
    expect(html).toContain('<p>설명 &lt;b&gt;첫째&lt;/b&gt;<br />둘째</p>');
    expect(metaContent(html, 'og:type')).toBe('video.other');
    expect(metaContent(html, 'og:image')).toBe('https://studio.example/media/thumbnails/live.jpg');
  });

  it('plays a replay from the same playlist, and reports its views as the replay content\u2019s', async () => {
    const html = (await get(`/c/${channel}/live/${ids.replay}`)).body;
    expect(html).toContain('다시보기');
    expect(html).toContain(`src="/live/${ids.replay}/index.m3u8"`);
    expect(html).toContain(`<article data-view-content="${ids.replayContent}">`);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/c/live-player.js" defer>', '<script src="/c/beacon.js" defer>']);
  });

  it('plays HLS in browsers without it through hls.js, fetched only by them, from this origin, gzipped when asked', async () => {
    const player = await get('/c/live-player.js');
    expect(player.statusCode).toBe(200);
    expect(player.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // Native HLS first; hls.js where MSE is and HLS is not or fails, without a worker (the CSP has no worker source).
    expect(player.body).toContain("video.canPlayType('application/vnd.apple.mpegurl')");
    expect(player.body).toContain("video.addEventListener('error', withHls, { once: true })");
    expect(player.body).toContain("script.src = '/c/hls.light.min.js'");
    expect(player.body).toContain('enableWorker: false');
    const plain = await t.app.inject({ method: 'GET', url: '/c/hls.light.min.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('loadSource');
    const gzipped = await t.app.inject({ method: 'GET', url: '/c/hls.light.min.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('is the page of the replay content: its content address leads there', async () => {
    const response = await get(`/c/${channel}/${ids.replayContent}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/c/${channel}/live/${ids.replay}`);
  });
});

describe('a channel page', () => {
  it('lists only published contents, newest first, lives on air first, and a replay among the contents, linked to its live\u2019s page', async () => {
    const response = await get(`/c/${channel}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>공개 채널 &lt;b&gt;&amp;</h1>');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`https://studio.example/c/${channel}`);
    expect(metaContent(html, 'og:image')).toBe('https://studio.example/media/profiles/p.jpg');
    const contentLinks = [...html.matchAll(new RegExp(`href="/c/${channel}/(\\d+)"`, 'g'))].map((match) => Number(match[1]));
    expect(contentLinks).toEqual([ids.loop, ids.post, ids.article, ids.seeded]);
    const liveLinks = [...html.matchAll(new RegExp(`href="/c/${channel}/live/(\\d+)"`, 'g'))].map((match) => Number(match[1]));
    expect(liveLinks).toEqual([ids.onAir, ids.replay]);
    expect(html).not.toContain('숨은');
    expect(html).not.toContain('다른 채널의 글');
    expect(html).toContain('기사 &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('says so when nothing is published', async () => {
    const html = (await get(`/c/${other}`)).body;
    expect(html).toContain('<h1>다른 채널</h1>');
    const empty = await createChannel(t.db, { name: '빈 채널' });
    expect((await get(`/c/${empty}`)).body).toContain('아직 공개된 콘텐츠가 없습니다.');
  });

  it('answers in the reader\u2019s language: Accept-Language, ?lang= over it, and a shared cache told to key by it', async () => {
    const english = await t.app.inject({ method: 'GET', url: `/c/${channel}`, headers: { 'accept-language': 'en-US,en;q=0.9,ko;q=0.8' } });
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toContain('Accept-Language');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h2>Contents</h2>');
    expect(english.body).toContain(`<a href="/c/${channel}?lang=ko" hreflang="ko" lang="ko">한국어</a>`);
    // Read by the same browser, the reader's own choice wins and stays in every link of the page.
    const chosen = await t.app.inject({ method: 'GET', url: `/c/${channel}?lang=ko`, headers: { 'accept-language': 'en' } });
    expect(chosen.body).toContain('<html lang="ko">');
    expect(chosen.body).toContain(`href="/c/${channel}/${ids.post}?lang=ko"`);
    const chosenEnglish = await get(`/c/${channel}/live/${ids.onAir}?lang=en`);
    expect(chosenEnglish.body).toContain('On air');
    expect(chosenEnglish.body).toContain(`<header><a href="/c/${channel}?lang=en">`);
    // The 404 page too, and a replay's content address keeps the choice on its way to the live's page.
    const missing = await t.app.inject({ method: 'GET', url: `/c/${channel}/999999`, headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page not found.</h1>');
    const replay = await get(`/c/${channel}/${ids.replayContent}?lang=en`);
    expect(replay.headers.location).toBe(`/c/${channel}/live/${ids.replay}?lang=en`);
  });

  it('is not in the API documentation', () => {
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/c/'))).toEqual([]);
  });
});
