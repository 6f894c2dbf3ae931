import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChannel, createContent, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;
let owner: Person;
let ownerCookie: string;
let managerCookie: string;
let strangerCookie: string;
let media: number;
let contents: number;
let community: number;
let paused: number;
let waiting: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db);
  const manager = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  managerCookie = await t.cookieFor(manager.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  media = await createChannel(t.db, {
    name: '미디어',
    channel_type: 'MEDIA_CHANNEL',
    shorts_status: 'SERVICE',
    live_status: 'SERVICE',
    use_document_write: true,
    use_post_write: true,
    subscriber_count: 12_345,
  });
  contents = await createChannel(t.db, { name: '콘텐츠', channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
  community = await createChannel(t.db, { name: '커뮤니티', channel_type: 'COMMUNITY_CHANNEL' });
  paused = await createChannel(t.db, { name: '글쓰기 꺼짐', channel_type: 'MEDIA_CHANNEL', use_document_write: false, use_post_write: false });
  waiting = await createChannel(t.db, { name: '대기', channel_type: 'MEDIA_CHANNEL', status: 'WAIT', use_document_write: true, use_post_write: true });
  for (const channel of [media, contents, community, paused, waiting]) await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, media, manager.userId, 'MANAGER');
  const kinds = ['CONTENT_VIEW', 'SHORTS', 'POST', 'NEWS', 'LIVE'] as const;
  const statuses = ['PUBLIC', 'HIDDEN', 'DRAFT'] as const;
  for (let index = 0; index < 15; index++) {
    await createContent(t.db, {
      channel_id: media,
      author_user_id: owner.userId,
      kind: kinds[index % 5] ?? 'POST',
      status: statuses[index % 3] ?? 'PUBLIC',
      title: `콘텐츠 ${index}`,
      view_count: index * 1000,
      thumbnail_url: null,
    });
  }
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/channels/:channelId', () => {
  it('returns every spec field plus role and subscriber settings', async () => {
    const response = await call(t.app, 'GET', `/api/channels/${media}`, managerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: media,
      name: '미디어',
      role: 'MANAGER',
      channelInfo: { channelType: { code: 'MEDIA_CHANNEL' }, profileImageUrl: null },
      status: { code: 'SERVICE' },
      serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'SERVICE' } },
      consumerInfo: { useDocumentWrite: true, usePostWrite: true, useMainnews: false },
      channelLabelInfo: { labels: [] },
      subscriberCount: 12_345,
      showSubscriberCount: true,
    });
  });

  it('answers 403 to a person without a role, 404 to what does not exist, 400 to a bad id', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${media}`, strangerCookie)).json()).toMatchObject({ code: 'CHANNEL_ACCESS_DENIED' });
    expect((await call(t.app, 'GET', `/api/channels/${media}`, strangerCookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/channels/999999', ownerCookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/channels/abc', ownerCookie)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/channels/0', ownerCookie)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/channels/${media}`)).statusCode).toBe(401);
  });

  it('has no home for other channel types', async () => {
    const response = await call(t.app, 'GET', `/api/channels/${community}`, ownerCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    expect((await call(t.app, 'GET', `/api/channels/${contents}`, ownerCookie)).statusCode).toBe(200);
  });
});

describe('channel user profile and user profile', () => {
  it('tells the role flags of the spec', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${media}/user-profile`, ownerCookie)).json()).toEqual({ isOwner: true, isManager: false, isCreditManager: false });
    expect((await call(t.app, 'GET', `/api/channels/${media}/user-profile`, managerCookie)).json()).toEqual({ isOwner: false, isManager: true, isCreditManager: false });
    expect((await call(t.app, 'GET', `/api/channels/${media}/user-profile`, strangerCookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/my/profile', strangerCookie)).json()).toEqual({ isUser: true });
    expect((await call(t.app, 'GET', '/api/my/profile')).statusCode).toBe(401);
  });
});

describe('PUT /api/channels/:channelId/settings/subscriber-count', () => {
  const put = (channel: number, cookie: string, payload: unknown) => call(t.app, 'PUT', `/api/channels/${channel}/settings/subscriber-count`, cookie, payload);

  it('lets the owner of a media channel hide and show it', async () => {
    expect((await put(media, ownerCookie, { showSubscriberCount: false })).json()).toEqual({ showSubscriberCount: false });
    expect((await call(t.app, 'GET', `/api/channels/${media}`, ownerCookie)).json()).toMatchObject({ showSubscriberCount: false });
    expect((await put(media, ownerCookie, { showSubscriberCount: false })).statusCode).toBe(200);
    await put(media, ownerCookie, { showSubscriberCount: true });
  });

  it('refuses a manager, a stranger, a contents channel and a bad body', async () => {
    expect((await put(media, managerCookie, { showSubscriberCount: false })).json()).toMatchObject({ code: 'CHANNEL_OWNER_ONLY' });
    expect((await put(media, strangerCookie, { showSubscriberCount: false })).statusCode).toBe(403);
    const contentsResponse = await put(contents, ownerCookie, { showSubscriberCount: false });
    expect(contentsResponse.statusCode).toBe(400);
    expect(contentsResponse.json()).toMatchObject({ code: 'CHANNEL_TYPE_UNSUPPORTED' });
    expect((await put(media, ownerCookie, { showSubscriberCount: 'no' })).statusCode).toBe(400);
    expect((await put(999999, ownerCookie, { showSubscriberCount: true })).statusCode).toBe(404);
  });
});

describe('GET /api/channels/:channelId/contents', () => {
  it('pages contents newest first and filters by status and kind', async () => {
    const all = (await call(t.app, 'GET', `/api/channels/${media}/contents?size=5`, ownerCookie)).json<{ content: { title: string }[] }>();
    expect(all).toMatchObject({ totalElements: 15, numberOfElements: 5, last: false });
    expect(all.content[0]).toMatchObject({ title: '콘텐츠 14', viewCount: 14_000 });
    const drafts = (await call(t.app, 'GET', `/api/channels/${media}/contents?status=DRAFT`, ownerCookie)).json<{ totalElements: number }>();
    expect(drafts.totalElements).toBe(5);
    const loopsAndPosts = (await call(t.app, 'GET', `/api/channels/${media}/contents?kind=SHORTS,POST`, ownerCookie)).json<{ totalElements: number }>();
    expect(loopsAndPosts.totalElements).toBe(6);
    const both = (await call(t.app, 'GET', `/api/channels/${media}/contents?kind=SHORTS&status=HIDDEN`, ownerCookie)).json<{ totalElements: number }>();
    expect(both.totalElements).toBe(1);
  });

  it('orders by the date it shows, not by id: a back-dated content sits under newer ones', async () => {
    const channel = await createChannel(t.db, { name: '날짜 순서', channel_type: 'MEDIA_CHANNEL', use_document_write: true });
    await addMember(t.db, channel, owner.userId, 'OWNER');
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    // Inserted in this order (ids rising), dated out of order.
    for (const [title, daysAgo] of [['사흘 전', 3], ['오늘', 0], ['열흘 전', 10], ['어제', 1]] as const) {
      await createContent(t.db, { channel_id: channel, author_user_id: owner.userId, kind: 'POST', status: 'PUBLIC', title, view_count: 0, thumbnail_url: null, created_at: at(daysAgo) });
    }
    const first = (await call(t.app, 'GET', `/api/channels/${channel}/contents?size=2`, ownerCookie)).json<{ content: { title: string }[]; nextCursor: string }>();
    const second = (await call(t.app, 'GET', `/api/channels/${channel}/contents?size=2&page=1&after=${first.nextCursor}`, ownerCookie)).json<{ content: { title: string }[] }>();
    expect([...first.content, ...second.content].map((content) => content.title)).toEqual(['오늘', '어제', '사흘 전', '열흘 전']);
  });

  it('refuses unknown filters and strangers', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${media}/contents?status=SECRET`, ownerCookie)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/channels/${media}/contents?kind=`, ownerCookie)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/channels/${media}/contents`, strangerCookie)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/channels/${community}/contents`, ownerCookie)).statusCode).toBe(404);
  });
});

describe('create calls hold the create menu rule', () => {
  it('publishes a post and starts a draft where the channel allows it', async () => {
    const post = await call(t.app, 'POST', `/api/channels/${media}/posts`, managerCookie, { body: '첫 포스트\n본문' });
    expect(post.statusCode).toBe(201);
    const row = await t.db.selectFrom('contents').select(['kind', 'status', 'title']).where('id', '=', post.json<{ contentId: number }>().contentId).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'POST', status: 'PUBLIC', title: '첫 포스트' });
    expect((await call(t.app, 'POST', `/api/channels/${media}/drafts`, ownerCookie, { title: '초안' })).statusCode).toBe(201);
    expect((await call(t.app, 'POST', `/api/channels/${contents}/posts`, ownerCookie, { body: '콘텐츠 채널 포스트' })).statusCode).toBe(201);
  });

  it('refuses a disabled option, a channel not in SERVICE, a stranger and an empty post', async () => {
    const noPost = await call(t.app, 'POST', `/api/channels/${paused}/posts`, ownerCookie, { body: '안 됨' });
    expect(noPost.statusCode).toBe(403);
    expect(noPost.json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    expect((await call(t.app, 'POST', `/api/channels/${paused}/drafts`, ownerCookie, {})).json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    expect((await call(t.app, 'POST', `/api/channels/${contents}/drafts`, ownerCookie, {})).json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    expect((await call(t.app, 'POST', `/api/channels/${waiting}/posts`, ownerCookie, { body: '대기 중' })).json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    expect((await call(t.app, 'POST', `/api/channels/${media}/posts`, strangerCookie, { body: '남의 채널' })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/channels/${media}/posts`, ownerCookie, { body: '   ' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/channels/999999/posts', ownerCookie, { body: '없음' })).statusCode).toBe(404);
  });
});
