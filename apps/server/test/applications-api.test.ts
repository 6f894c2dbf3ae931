import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NAME_MAX, ApplicationDetail, OperatorApplication, OperatorApplicationPage, SavedDraft } from '@studio/contract/application';
import { addMember, createApplication, createChannel, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

let t: TestContext;
let applicant: Person;
let other: Person;
let operator: Person;
let operator2: Person;
let cookies: Record<'applicant' | 'other' | 'operator' | 'operator2', string>;

const DAY = 86_400_000;

const goodForm = (overrides: Record<string, unknown> = {}) => ({
  applyType: 'NEW_APPLY',
  channelType: 'MEDIA_CHANNEL',
  channelId: null,
  applicantKind: 'INDIVIDUAL',
  channelName: '새 채널',
  description: '매일 아침 동네 소식을 전합니다.\n두 번째 줄.',
  profileImageUrl: null,
  contactEmail: 'Me@Example.COM',
  links: [{ url: 'https://www.youtube.com/@studio' }, { url: 'https://example.com/about' }],
  revenue: '광고, 후원, Sponsorship',
  agreeTerms: true,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  applicant = await createPerson(t.db, { name: '신청자' });
  other = await createPerson(t.db, { name: '다른 사람' });
  operator = await createPerson(t.db, { name: '운영자', isOperator: true });
  operator2 = await createPerson(t.db, { name: '운영자 둘', isOperator: true });
  cookies = {
    applicant: await t.cookieFor(applicant.userId),
    other: await t.cookieFor(other.userId),
    operator: await t.cookieFor(operator.userId),
    operator2: await t.cookieFor(operator2.userId),
  };
});

afterAll(async () => {
  await t.close();
});

async function submit(cookie: string, form: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/applications', cookie, form);
}

async function notificationsOf(userId: number) {
  return t.db.selectFrom('notifications').select(['type', 'landing_url', 'params']).where('user_id', '=', userId).orderBy('id').execute();
}

describe('applying', () => {
  it('refuses every rule of spec section 5 on the server with a 400 and a code', async () => {
    const bad: Record<string, unknown>[] = [
      { channelName: '' },
      { description: '   ' },
      { contactEmail: '' },
      { contactEmail: 'not-an-address' },
      { contactEmail: 'a@b' },
      { links: [] },
      { links: [{ url: 'https://a.com' }] },
      { links: [{ url: `https://${'a'.repeat(257)}.com` }] },
      { links: [{ url: 'https://example.abcdefg' }] },
      { links: [{ url: 'ftp://example.com' }] },
      { revenue: '' },
      { revenue: '광고\n후원' },
      { revenue: '광고; 후원' },
      { revenue: 'ads 100' },
      { agreeTerms: false },
      { applicantKind: 'UNKNOWN' },
      { channelType: 'COMMUNITY_CHANNEL' },
      { applyType: 'ADD_TYPE', channelId: null },
      { profileImageUrl: 'https://evil.example.com/x.jpg' },
    ];
    for (const overrides of bad) {
      const response = await submit(cookies.applicant, goodForm(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    expect(await t.db.selectFrom('channel_applications').select('id').where('applicant_user_id', '=', applicant.userId).execute()).toHaveLength(0);
  });

  it('refuses a channel name one character past the limit, naming the field, and keeps one at the limit whole (issue 25: never cut)', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    // Counted in characters: thirty Hangul syllables and an emoji that is two UTF-16 units.
    const atLimit = `${'가'.repeat(APPLICATION_NAME_MAX - 1)}🎬`;
    const tooLong = `${atLimit}나`;
    const refused = await submit(cookie, goodForm({ channelName: tooLong }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', extra: { issues: [{ field: 'body.channelName' }] } });
    const accepted = ApplicationDetail.parse((await submit(cookie, goodForm({ channelName: atLimit }))).json());
    expect(accepted.channelName).toBe(atLimit);
  });

  it('needs a session', async () => {
    expect((await submit('', goodForm())).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/applications/draft')).statusCode).toBe(401);
  });

  it('keeps a half-filled form as a server-side draft until the application is submitted', async () => {
    const empty = SavedDraft.parse((await call(t.app, 'GET', '/api/applications/draft', cookies.applicant)).json());
    expect(empty).toEqual({ draft: null, updatedAt: null });

    const half = { channelType: 'MEDIA_CHANNEL', channelName: '반쯤 쓴', contactEmail: 'not yet', links: [{ url: 'https://exa' }], revenue: '광고\n' };
    const saved = await call(t.app, 'PUT', '/api/applications/draft', cookies.applicant, half);
    expect(saved.statusCode).toBe(200);
    const read = SavedDraft.parse((await call(t.app, 'GET', '/api/applications/draft', cookies.applicant)).json());
    expect(read.draft).toEqual(half);
    // Someone else sees only their own (none).
    expect(SavedDraft.parse((await call(t.app, 'GET', '/api/applications/draft', cookies.other)).json()).draft).toBeNull();
    // Bounded and storable even as a draft.
    expect((await call(t.app, 'PUT', '/api/applications/draft', cookies.applicant, { channelName: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/api/applications/draft', cookies.applicant, { description: 'a\u0000b' })).statusCode).toBe(400);

    const created = await submit(cookies.applicant, goodForm());
    expect(created.statusCode).toBe(201);
    const detail = ApplicationDetail.parse(created.json());
    expect(detail).toMatchObject({ status: 'WAIT', channelName: '새 채널', contactEmail: 'Me@Example.COM', revenue: '광고, 후원, Sponsorship' });
    expect(detail.links.map((link) => link.kind)).toEqual(['YOUTUBE', 'OTHER']);
    expect(detail.timeline.map((event) => event.status)).toEqual(['WAIT']);
    expect(SavedDraft.parse((await call(t.app, 'GET', '/api/applications/draft', cookies.applicant)).json()).draft).toBeNull();
  });

  it('refuses a second open application of the same name, also when sent 50 times at once', async () => {
    const repeat = await submit(cookies.applicant, goodForm({ channelName: ' 새 채널 ' }));
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json<{ code: string }>().code).toBe('APPLICATION_ALREADY_OPEN');

    const burst = await Promise.all(Array.from({ length: 50 }, () => submit(cookies.other, goodForm({ channelName: '동시에' }))));
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const open = await t.db.selectFrom('channel_applications').select('id').where('applicant_user_id', '=', other.userId).execute();
    expect(open).toHaveLength(1);
  });

  it('caps the applications waiting at once per person, under parallel requests too', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, index) => submit(cookie, goodForm({ channelName: `채널 ${index}` }))));
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(burst.filter((response) => response.json<{ code?: string }>().code === 'APPLICATION_TOO_MANY_OPEN')).toHaveLength(7);
  });

  it('adds a type only to a contents channel the applicant owns', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const contents = await createChannel(t.db, { name: '내 콘텐츠 채널', channel_type: 'CONTENTS_CHANNEL', use_post_write: true });
    const media = await createChannel(t.db, { name: '내 미디어 채널' });
    const managed = await createChannel(t.db, { name: '관리만 하는 채널', channel_type: 'CONTENTS_CHANNEL' });
    await addMember(t.db, contents, person.userId, 'OWNER');
    await addMember(t.db, media, person.userId, 'OWNER');
    await addMember(t.db, managed, person.userId, 'MANAGER');
    const addType = (channelId: number) => submit(cookie, goodForm({ applyType: 'ADD_TYPE', channelId, channelName: '' }));
    expect((await addType(managed)).json<{ code: string }>().code).toBe('APPLICATION_CHANNEL_NOT_OWNED');
    expect((await addType(999_999)).json<{ code: string }>().code).toBe('APPLICATION_CHANNEL_NOT_OWNED');
    expect((await addType(media)).json<{ code: string }>().code).toBe('APPLICATION_TYPE_PRESENT');
    const ok = await addType(contents);
    expect(ok.statusCode).toBe(201);
    expect(ApplicationDetail.parse(ok.json())).toMatchObject({ applyType: 'ADD_TYPE', channelId: contents, channelName: '내 콘텐츠 채널' });
  });

  it('shows an application to its applicant only: 403 for another person, 404 for none, 400 for a bad id', async () => {
    const id = await createApplication(t.db, { applicant_user_id: applicant.userId, channel_id: null, channel_name: '읽기', channel_type: 'MEDIA_CHANNEL', applicant_kind: 'COMPANY', apply_type: 'NEW_APPLY' });
    expect((await call(t.app, 'GET', `/api/applications/${id}`, cookies.applicant)).statusCode).toBe(200);
    const denied = await call(t.app, 'GET', `/api/applications/${id}`, cookies.other);
    expect([denied.statusCode, denied.json<{ code: string }>().code]).toEqual([403, 'ACCESS_DENIED']);
    expect((await call(t.app, 'GET', '/api/applications/999999', cookies.applicant)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/applications/0x1', cookies.applicant)).statusCode).toBe(400);
  });
});

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----studio-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(cookie: string | undefined, file: Buffer, filename = 'profile.png', type = 'image/png') {
  const body = multipart(file, filename, type);
  return t.app.inject({ method: 'POST', url: '/api/applications/profile-image', headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload: body.payload });
}

describe('the profile image', () => {
  it('is judged by its content, cropped to a 400 px square JPEG under a server-made name, and approved onto the channel', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#cc3366' } }).png().toBuffer();
    const uploaded = await upload(cookies.applicant, png, '../../etc/passwd.png');
    expect(uploaded.statusCode).toBe(201);
    const image = uploaded.json<{ url: string; width: number; height: number }>();
    expect(image).toMatchObject({ width: 400, height: 400 });
    expect(image.url).toMatch(/^\/media\/profiles\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const { id } = ApplicationDetail.parse((await submit(cookie, goodForm({ channelName: '이미지 채널', profileImageUrl: image.url }))).json());
    await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);
    const approved = (await call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator)).json<{ channelId: number }>();
    const channel = await t.db.selectFrom('channels').select('profile_image_url').where('id', '=', approved.channelId).executeTakeFirstOrThrow();
    expect(channel.profile_image_url).toBe(image.url);
  });

  it('refuses what is not an image whatever it is called, and needs a session', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const refused = await upload(cookies.applicant, html, 'photo.png', 'image/png');
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([400, 'UPLOAD_NOT_IMAGE']);
    expect((await upload(undefined, html)).statusCode).toBe(401);
    const empty = await call(t.app, 'POST', '/api/applications/profile-image', cookies.applicant, {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('the operator queue', () => {
  it('is for operators only', async () => {
    for (const [method, path] of [
      ['GET', '/api/operator/applications'],
      ['GET', '/api/operator/applications/1'],
      ['POST', '/api/operator/applications/1/review'],
      ['POST', '/api/operator/applications/1/approve'],
      ['POST', '/api/operator/applications/1/reject'],
    ] as const) {
      expect((await call(t.app, method, path)).statusCode, path).toBe(401);
      const denied = await call(t.app, method, path, cookies.applicant, method === 'POST' ? { reason: '이유' } : undefined);
      expect(denied.statusCode, path).toBe(403);
    }
  });

  it('filters by status, channel type, applicant kind and age, oldest first, paged', async () => {
    const person = await createPerson(t.db, { name: '필터 대상' });
    const now = t.clock.now().getTime();
    const base = { applicant_user_id: person.userId, channel_id: null, apply_type: 'NEW_APPLY' as const };
    await createApplication(t.db, { ...base, channel_name: 'f-old-media', channel_type: 'MEDIA_CHANNEL', applicant_kind: 'COMPANY', created_at: new Date(now - 40 * DAY) });
    await createApplication(t.db, { ...base, channel_name: 'f-new-contents', channel_type: 'CONTENTS_CHANNEL', applicant_kind: 'PUBLIC_AGENCY', created_at: new Date(now - 2 * DAY) });
    await createApplication(t.db, {
      ...base,
      channel_name: 'f-rejected',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'CORPORATION',
      status: 'REJECT',
      reject_reason: '부족',
      reviewed_at: new Date(now - DAY),
      created_at: new Date(now - 8 * DAY),
    });
    const queue = async (query: string) =>
      OperatorApplicationPage.parse((await call(t.app, 'GET', `/api/operator/applications?${query}`, cookies.operator)).json()).content.filter((row) => row.applicant.userId === person.userId).map((row) => row.channelName);
    expect(await queue('size=100')).toEqual(['f-old-media', 'f-rejected', 'f-new-contents']);
    expect(await queue('size=100&status=WAIT')).toEqual(['f-old-media', 'f-new-contents']);
    expect(await queue('size=100&status=REJECT')).toEqual(['f-rejected']);
    expect(await queue('size=100&channelType=CONTENTS_CHANNEL')).toEqual(['f-new-contents']);
    expect(await queue('size=100&applicantKind=CORPORATION')).toEqual(['f-rejected']);
    expect(await queue('size=100&age=7D')).toEqual(['f-old-media', 'f-rejected']);
    expect(await queue('size=100&age=30D')).toEqual(['f-old-media']);

    const firstPage = OperatorApplicationPage.parse((await call(t.app, 'GET', '/api/operator/applications?size=1&page=0', cookies.operator)).json());
    expect(firstPage.numberOfElements).toBe(1);
    expect(firstPage.totalElements).toBeGreaterThan(3);
    expect(firstPage.last).toBe(false);
    for (const query of ['status=OPEN', 'age=2D', 'page=-1', 'size=0', 'applicantKind=x']) {
      const response = await call(t.app, 'GET', `/api/operator/applications?${query}`, cookies.operator);
      expect([response.statusCode, response.json<{ code: string }>().code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('reviews, then rejects with a required reason; the applicant re-applies from a copy', async () => {
    const person = await createPerson(t.db, { name: '반려될 사람' });
    const cookie = await t.cookieFor(person.userId);
    const { id } = ApplicationDetail.parse((await submit(cookie, goodForm({ channelName: '반려될 채널' }))).json());

    // Not in review yet: it cannot be decided.
    const early = await call(t.app, 'POST', `/api/operator/applications/${id}/reject`, cookies.operator, { reason: '이유' });
    expect([early.statusCode, early.json<{ code: string; extra: unknown }>()]).toMatchObject([409, { code: 'APPLICATION_STATE_CHANGED', extra: { status: 'WAIT' } }]);
    // The applicant cannot copy an application that is not rejected.
    expect((await call(t.app, 'POST', `/api/applications/${id}/copy`, cookie)).json<{ code: string }>().code).toBe('APPLICATION_STATE_CHANGED');

    const reviewed = await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);
    expect(OperatorApplication.parse(reviewed.json()).status).toBe('REVIEW');
    const again = await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'APPLICATION_STATE_CHANGED']);

    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      expect((await call(t.app, 'POST', `/api/operator/applications/${id}/reject`, cookies.operator, body)).statusCode).toBe(400);
    }
    const rejected = OperatorApplication.parse((await call(t.app, 'POST', `/api/operator/applications/${id}/reject`, cookies.operator, { reason: '채널 소개가 부족합니다.' })).json());
    expect(rejected).toMatchObject({ status: 'REJECT', rejectReason: '채널 소개가 부족합니다.' });
    expect(rejected.timeline.map((event) => event.status)).toEqual(['WAIT', 'REVIEW', 'REJECT']);
    expect(rejected.timeline[2]?.reason).toBe('채널 소개가 부족합니다.');

    // One notification per real change, each leading to the result.
    const notes = await notificationsOf(person.userId);
    expect(notes.map((note) => note.type)).toEqual(['APPLICATION_REVIEW', 'APPLICATION_REJECTED']);
    expect(notes.every((note) => note.landing_url === '/studio/channels/management?tab=apply')).toBe(true);
    const audit = await t.db.selectFrom('operator_audit').select(['action', 'operator_id']).where('object_type', '=', 'APPLICATION').where('object_id', '=', String(id)).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'APPLICATION_REVIEW', operator_id: operator.userId },
      { action: 'APPLICATION_REJECT', operator_id: operator.userId },
    ]);
    const hasReviewed = await call(t.app, 'GET', '/api/channels/management/has-reviewed-apply', cookie);
    expect(hasReviewed.json()).toEqual({ hasReviewedApply: true });

    expect((await call(t.app, 'POST', `/api/applications/${id}/copy`, cookies.other)).statusCode).toBe(403);
    const copy = SavedDraft.parse((await call(t.app, 'POST', `/api/applications/${id}/copy`, cookie)).json());
    expect(copy.draft).toMatchObject({ channelName: '반려될 채널', contactEmail: 'Me@Example.COM', agreeTerms: false, links: [{ url: 'https://www.youtube.com/@studio' }, { url: 'https://example.com/about' }] });
    expect(SavedDraft.parse((await call(t.app, 'GET', '/api/applications/draft', cookie)).json()).draft).toEqual(copy.draft);
    // The same name may be used again once the first is decided.
    expect((await submit(cookie, goodForm({ channelName: '반려될 채널' }))).statusCode).toBe(201);
  });

  it('two approves and a reject at once: exactly one wins, and everything after matches the winner', async () => {
    const person = await createPerson(t.db, { name: '경합할 사람' });
    const cookie = await t.cookieFor(person.userId);
    const { id } = ApplicationDetail.parse((await submit(cookie, goodForm({ channelName: '경합할 채널', channelType: 'CONTENTS_CHANNEL' }))).json());
    await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);

    const answers = await Promise.all([
      call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator),
      call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator2),
      call(t.app, 'POST', `/api/operator/applications/${id}/reject`, cookies.operator2, { reason: '동시에' }),
    ]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    // Which one wins is the database's order, not the test's: an approve under light load, the reject sometimes under heavy load.
    const approved = answers[0].statusCode === 200 || answers[1].statusCode === 200;
    const after = OperatorApplication.parse((await call(t.app, 'GET', `/api/operator/applications/${id}`, cookies.operator)).json());
    expect(after.status).toBe(approved ? 'APPROVE' : 'REJECT');
    const owned = await t.db.selectFrom('channel_members').select('channel_id').where('user_id', '=', person.userId).execute();
    expect(owned).toHaveLength(approved ? 1 : 0);
    expect(after.channelId).toBe(approved ? owned[0]?.channel_id : null);
    expect((await notificationsOf(person.userId)).map((note) => note.type)).toEqual(['APPLICATION_REVIEW', approved ? 'APPLICATION_APPROVED' : 'APPLICATION_REJECTED']);
  });

  it('approves from two operators at once: exactly one wins, one channel, one notification', async () => {
    const person = await createPerson(t.db, { name: '승인될 사람' });
    const cookie = await t.cookieFor(person.userId);
    const { id } = ApplicationDetail.parse((await submit(cookie, goodForm({ channelName: '승인될 채널', channelType: 'CONTENTS_CHANNEL' }))).json());
    await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);

    const both = await Promise.all([
      call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator),
      call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator2),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const after = OperatorApplication.parse((await call(t.app, 'GET', `/api/operator/applications/${id}`, cookies.operator)).json());
    expect(after.status).toBe('APPROVE');

    const channels = await t.db
      .selectFrom('channel_members')
      .innerJoin('channels', 'channels.id', 'channel_members.channel_id')
      .selectAll('channels')
      .select('channel_members.role')
      .where('channel_members.user_id', '=', person.userId)
      .execute();
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({ name: '승인될 채널', channel_type: 'CONTENTS_CHANNEL', status: 'SERVICE', role: 'OWNER', use_post_write: true, use_document_write: true, live_status: 'PAUSE' });
    expect(after.channelId).toBe(channels[0]?.id);
    expect((await notificationsOf(person.userId)).map((note) => note.type)).toEqual(['APPLICATION_REVIEW', 'APPLICATION_APPROVED']);
    const myChannels = (await call(t.app, 'GET', '/api/my/channels', cookie)).json<{ name: string }[]>();
    expect(myChannels.map((channel) => channel.name)).toEqual(['승인될 채널']);
    expect((await call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator)).statusCode).toBe(409);
    expect((await call(t.app, 'POST', '/api/operator/applications/999999/approve', cookies.operator)).statusCode).toBe(404);
  });

  it('approving an added type turns the contents channel into a media channel with the media features', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const channel = await createChannel(t.db, { name: '유형 추가', channel_type: 'CONTENTS_CHANNEL', use_post_write: true, shorts_status: 'PAUSE', live_status: 'PAUSE' });
    await addMember(t.db, channel, person.userId, 'OWNER');
    const { id } = ApplicationDetail.parse((await submit(cookie, goodForm({ applyType: 'ADD_TYPE', channelId: channel, channelName: '' }))).json());
    await call(t.app, 'POST', `/api/operator/applications/${id}/review`, cookies.operator);
    const approved = await call(t.app, 'POST', `/api/operator/applications/${id}/approve`, cookies.operator);
    expect(approved.json<{ channelId: number }>().channelId).toBe(channel);
    const row = await t.db.selectFrom('channels').selectAll().where('id', '=', channel).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE', live_status: 'SERVICE', use_post_write: true, use_document_write: true });
  });
});
