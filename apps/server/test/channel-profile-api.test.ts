import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_IMAGE_HEIGHT, BANNER_IMAGE_WIDTH, CHANNEL_LINKS_MAX, CHANNEL_NAME_MAX, ChannelProfile, ChannelProfileSaved } from '@studio/contract/channel-profile';
import { ActivityPage } from '@studio/contract/member';
import { URL_DOMAIN_MAX } from '@studio/contract/constants';
import { addMember, createChannel, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

let t: TestContext;
let owner: Person;
let manager: Person;
let cookies: Record<'owner' | 'manager' | 'credit' | 'stranger', string>;
let channel: number;
let credit: Person;

const profileOf = (id: number, cookie: string) => call(t.app, 'GET', `/api/channels/${id}/profile`, cookie);
const save = (id: number, cookie: string | undefined, body: unknown) => call(t.app, 'PUT', `/api/channels/${id}/profile`, cookie, body);

const good = (overrides: Record<string, unknown> = {}) => ({
  name: '동네 소식',
  description: '매일 아침 동네 소식을 전합니다.\n두 번째 줄.',
  profileImageUrl: null,
  bannerImageUrl: null,
  links: [{ url: 'https://pf.kakao.com/_abc' }, { url: 'https://www.youtube.com/@town' }, { url: 'https://instagram.com/town' }, { url: 'https://m.facebook.com/town' }, { url: 'https://town.example.com/about' }],
  ...overrides,
});

async function activityRows(id: number) {
  return t.db.selectFrom('channel_activity').select(['action', 'actor_user_id', 'details']).where('channel_id', '=', id).where('action', '=', 'PROFILE_CHANGED').orderBy('id').execute();
}

async function profileNotifications(userId: number) {
  return t.db.selectFrom('notifications').select(['params', 'landing_url', 'channel_id']).where('user_id', '=', userId).where('type', '=', 'CHANNEL_PROFILE_CHANGED').orderBy('id').execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '소유자' });
  manager = await createPerson(t.db, { name: '매니저' });
  credit = await createPerson(t.db, { name: '수익 관리자' });
  const stranger = await createPerson(t.db, { name: '낯선 사람' });
  cookies = {
    owner: await t.cookieFor(owner.userId),
    manager: await t.cookieFor(manager.userId),
    credit: await t.cookieFor(credit.userId),
    stranger: await t.cookieFor(stranger.userId),
  };
  channel = await createChannel(t.db, { name: '처음 이름', channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  await addMember(t.db, channel, credit.userId, 'CREDIT_MANAGER');
});

afterAll(async () => {
  await t.close();
});

describe('who may read and change a channel profile', () => {
  it('lets every member read it and only the owner save it', async () => {
    for (const cookie of [cookies.owner, cookies.manager, cookies.credit]) {
      const read = await profileOf(channel, cookie);
      expect(read.statusCode).toBe(200);
      expect(ChannelProfile.parse(read.json())).toMatchObject({ channelId: channel, name: '처음 이름', description: '', links: [] });
    }
    expect((await profileOf(channel, cookies.stranger)).statusCode).toBe(403);
    expect((await profileOf(channel, '')).statusCode).toBe(401);
    expect((await profileOf(999999, cookies.owner)).statusCode).toBe(404);

    for (const cookie of [cookies.manager, cookies.credit]) {
      const refused = await save(channel, cookie, good());
      expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([403, 'CHANNEL_OWNER_ONLY']);
    }
    expect((await save(channel, cookies.stranger, good())).statusCode).toBe(403);
    expect((await save(channel, undefined, good())).statusCode).toBe(401);
    expect((await save(999999, cookies.owner, good())).statusCode).toBe(404);
    // Nothing was written by the refusals.
    expect(await activityRows(channel)).toHaveLength(0);
  });
});

describe('validation (spec section 5 and the application form rules)', () => {
  it('refuses each bad field with a 400 and a code naming the field, and writes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'x'.repeat(CHANNEL_NAME_MAX + 1) }, 'body.name'],
      [{ name: '한 줄\n두 줄' }, 'body.name'],
      [{ description: 'x'.repeat(501) }, 'body.description'],
      [{ links: [{ url: 'ftp://example.com' }] }, 'body.links.0.url'],
      [{ links: [{ url: 'https://a.com' }] }, 'body.links.0.url'],
      [{ links: [{ url: `https://${'a'.repeat(URL_DOMAIN_MAX + 1)}.com` }] }, 'body.links.0.url'],
      [{ links: [{ url: 'https://example.abcdefg' }] }, 'body.links.0.url'],
      [{ links: Array.from({ length: CHANNEL_LINKS_MAX + 1 }, (_, index) => ({ url: `https://site${index}.example.com` })) }, 'body.links'],
      [{ profileImageUrl: 'https://evil.example.com/x.jpg' }, 'body.profileImageUrl'],
      [{ bannerImageUrl: '/media/../etc/passwd' }, 'body.bannerImageUrl'],
    ];
    for (const [overrides, field] of bad) {
      const response = await save(channel, cookies.owner, good(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = response.json<{ code: string; extra: { issues: { field: string }[] } }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.extra.issues.map((issue) => issue.field)).toContain(field);
    }
    expect((await save(channel, cookies.owner, [])).statusCode).toBe(400);
    const stored = ChannelProfile.parse((await profileOf(channel, cookies.owner)).json());
    expect(stored.name).toBe('처음 이름');
  });

  it('keeps a name of exactly the limit whole, counted in characters', async () => {
    const atLimit = `${'가'.repeat(CHANNEL_NAME_MAX - 1)}🎬`;
    const saved = ChannelProfileSaved.parse((await save(channel, cookies.owner, good({ name: atLimit }))).json());
    expect(saved.profile.name).toBe(atLimit);
    expect((await call(t.app, 'GET', '/api/my/channels', cookies.manager)).json<{ id: number; name: string }[]>().find((row) => row.id === channel)?.name).toBe(atLimit);
  });
});

describe('saving', () => {
  it('stores the profile with each link kind, logs one activity row and tells the crew once', async () => {
    const before = await activityRows(channel);
    const managerBefore = await profileNotifications(manager.userId);
    const response = await save(channel, cookies.owner, good({ name: '동네 소식', description: '새 소개' }));
    expect(response.statusCode).toBe(200);
    const saved = ChannelProfileSaved.parse(response.json());
    expect(saved.changed).toEqual(['NAME', 'DESCRIPTION']);
    expect(saved.profile.links.map((link) => link.kind)).toEqual(['TALK_CHANNEL', 'YOUTUBE', 'INSTAGRAM', 'FACEBOOK', 'OTHER']);

    const after = await activityRows(channel);
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toEqual({ action: 'PROFILE_CHANGED', actor_user_id: owner.userId, details: { fields: ['NAME', 'DESCRIPTION'] } });
    const told = await profileNotifications(manager.userId);
    expect(told.length - managerBefore.length).toBe(1);
    expect(told.at(-1)).toMatchObject({ channel_id: channel, landing_url: `/studio/channels/${channel}/profile`, params: { channelName: '동네 소식', actorName: '소유자', fields: ['NAME', 'DESCRIPTION'] } });
    // The owner made the change and is not told about it; credit managers are not in the crew.
    expect(await profileNotifications(owner.userId)).toHaveLength(0);
    expect(await profileNotifications(credit.userId)).toHaveLength(0);

    const log = ActivityPage.parse((await call(t.app, 'GET', `/api/channels/${channel}/activity`, cookies.owner)).json());
    expect(log.content[0]).toMatchObject({ action: 'PROFILE_CHANGED', actorName: '소유자', fields: ['NAME', 'DESCRIPTION'] });
  });

  it('writes nothing for a save that changes nothing, and 50 parallel identical saves make one change', async () => {
    const unchanged = ChannelProfileSaved.parse((await save(channel, cookies.owner, good({ name: '동네 소식', description: '새 소개' }))).json());
    expect(unchanged.changed).toEqual([]);

    const rowsBefore = (await activityRows(channel)).length;
    const toldBefore = (await profileNotifications(manager.userId)).length;
    const burst = await Promise.all(Array.from({ length: 50 }, () => save(channel, cookies.owner, good({ name: '동시에 바꾼 이름', description: '새 소개' }))));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const changes = burst.map((response) => ChannelProfileSaved.parse(response.json()).changed);
    expect(changes.filter((changed) => changed.length > 0)).toEqual([['NAME']]);
    expect((await activityRows(channel)).length - rowsBefore).toBe(1);
    expect((await profileNotifications(manager.userId)).length - toldBefore).toBe(1);
  });
});

function multipart(file: Buffer) {
  const boundary = '----studio-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(path: string, cookie: string | undefined, file: Buffer) {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url: path, headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload: body.payload });
}

describe('images', () => {
  it('stores a banner cropped to its strip and a profile image as a square, for the owner only; saving puts them in use', async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const banner = await upload(`/api/channels/${channel}/profile/banner`, cookies.owner, png);
    expect(banner.statusCode).toBe(201);
    expect(banner.json()).toMatchObject({ width: BANNER_IMAGE_WIDTH, height: BANNER_IMAGE_HEIGHT });
    const image = await upload(`/api/channels/${channel}/profile/image`, cookies.owner, png);
    expect(image.json()).toMatchObject({ width: 400, height: 400 });

    const refused = await upload(`/api/channels/${channel}/profile/banner`, cookies.manager, png);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([403, 'CHANNEL_OWNER_ONLY']);
    expect((await upload(`/api/channels/${channel}/profile/image`, undefined, png)).statusCode).toBe(401);
    const notImage = await upload(`/api/channels/${channel}/profile/image`, cookies.owner, Buffer.from('<html></html>'));
    expect([notImage.statusCode, notImage.json<{ code: string }>().code]).toEqual([400, 'UPLOAD_NOT_IMAGE']);

    const bannerUrl = banner.json<{ url: string }>().url;
    const imageUrl = image.json<{ url: string }>().url;
    const saved = ChannelProfileSaved.parse((await save(channel, cookies.owner, good({ name: '동시에 바꾼 이름', description: '새 소개', bannerImageUrl: bannerUrl, profileImageUrl: imageUrl }))).json());
    expect(saved.changed).toEqual(['PROFILE_IMAGE', 'BANNER']);
    expect((await call(t.app, 'GET', `/api/channels/${channel}`, cookies.manager)).json()).toMatchObject({ channelInfo: { profileImageUrl: imageUrl } });
  });
});
