import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotice } from '../src/seed/factories';
import { NoticePage } from '@studio/contract/notice';
import { createTestApp, type TestContext } from './helper';

let t: TestContext;
let newest: number;
let future: number;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().getTime();
  const day = 86_400_000;
  await createNotice(t.db, { category: 'STUDIO_IMPORTANT', title: '중요 공지', body: '본문', published_at: new Date(now - 10 * day) });
  for (let index = 0; index < 6; index++) {
    await createNotice(t.db, { category: 'STUDIO', title: `공지 ${index}`, body: `본문 ${index}`, published_at: new Date(now - (6 - index) * day) });
  }
  newest = await createNotice(t.db, { category: 'STUDIO', title: '오늘 공지', body: '오늘의 본문', published_at: new Date(now - 3_600_000) });
  future = await createNotice(t.db, { category: 'STUDIO', title: '예약 공지', body: '아직', published_at: new Date(now + day) });
});

afterAll(async () => {
  await t.close();
});

describe('GET /external/notices', () => {
  // Spec section 2's new-marker: new for 3 days (NOTICE_NEW_DAYS). The number is the spec's on purpose.
  it('marks a notice new for exactly 3 days after it is published', async () => {
    const isNew = async () => {
      const page = NoticePage.parse((await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO&size=100' })).json());
      return Object.fromEntries(page.content.map((notice) => [notice.title, notice.isNew]));
    };
    // '공지 3' was published 3 days ago, '공지 4' 2 days ago, '공지 2' 4 days ago.
    expect(await isNew()).toMatchObject({ '공지 2': false, '공지 3': false, '공지 4': true });
    const now = t.clock.now();
    try {
      t.clock.set(new Date(now.getTime() - 60_000));
      expect(await isNew()).toMatchObject({ '공지 2': false, '공지 3': true, '공지 4': true });
    } finally {
      t.clock.set(now);
    }
  });

  it('is public and pages newest first with the spec fields, hiding scheduled ones', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/external/notices?page=0&size=5&consumerCategory=STUDIO' });
    expect(response.statusCode).toBe(200);
    const page = NoticePage.parse(response.json());
    expect(page).toMatchObject({ totalElements: 7, last: false, number: 0, numberOfElements: 5 });
    expect(page.content[0]).toEqual({
      contentId: newest,
      title: '오늘 공지',
      category: 'STUDIO',
      timeString: '2026.11.22',
      publishedAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
      isNew: true,
    });
    expect(page.content.map((notice) => notice.title)).not.toContain('예약 공지');
  });

  it('takes comma-joined categories and marks old ones not new', async () => {
    const important = (
      await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO_IMPORTANT' })
    ).json<{ content: { title: string; isNew: boolean }[] }>();
    expect(important.content).toEqual([expect.objectContaining({ title: '중요 공지', isNew: false })]);
    const both = (await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO_IMPORTANT,STUDIO&size=100' })).json<{
      totalElements: number;
    }>();
    expect(both.totalElements).toBe(8);
  });

  it('refuses an unknown category and a bad page size', async () => {
    for (const query of ['consumerCategory=BLOG', 'consumerCategory=', 'size=1000', 'page=x']) {
      const response = await t.app.inject({ method: 'GET', url: `/external/notices?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /external/notices/:contentId', () => {
  it('returns one notice with its body', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/external/notices/${newest}` });
    expect(response.statusCode).toBe(200);
    // Plain text becomes paragraphs; the newest has an older neighbour and no newer one (the scheduled one is hidden).
    expect(response.json()).toMatchObject({
      contentId: newest,
      title: '오늘 공지',
      body: '<p>오늘의 본문</p>',
      previous: { title: '공지 5' },
      next: null,
    });
  });

  it('links previous and next across both categories, in the list order', async () => {
    const oldest = (await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO_IMPORTANT' })).json<{ content: { contentId: number }[] }>();
    const important = oldest.content[0]?.contentId;
    const body = (await t.app.inject({ method: 'GET', url: `/external/notices/${important}` })).json<{ previous: unknown; next: { title: string } }>();
    expect(body.previous).toBeNull();
    expect(body.next.title).toBe('공지 0');
  });

  it('sends rich text through an allowlist: formatting and links stay, scripts and handlers go', async () => {
    const dirty =
      '<h2>안내</h2><p onclick="steal()">굵게 <strong>중요</strong> <a href="https://example.com/guide" onmouseover="x()">가이드</a>' +
      '<a href="javascript:alert(1)">나쁜 링크</a></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(1)">' +
      '<iframe src="https://evil.example"></iframe><p style="position:fixed">스타일</p><svg><script>alert(2)</script></svg>';
    const id = await createNotice(t.db, { category: 'STUDIO', title: '서식 공지', body: dirty, published_at: new Date(t.clock.now().getTime() - 60_000) });
    const { body } = (await t.app.inject({ method: 'GET', url: `/external/notices/${id}` })).json<{ body: string }>();
    expect(body).toBe(
      '<h2>안내</h2><p>굵게 <strong>중요</strong> <a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">가이드</a>' +
        '<a target="_blank" rel="noopener noreferrer nofollow">나쁜 링크</a></p><img src="https://example.com/a.png" /><p>스타일</p>',
    );
    await t.db.deleteFrom('notices').where('id', '=', id).execute();
  });

  it('answers 404 for a missing or not yet published notice, 400 for a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/external/notices/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/external/notices/${future}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/external/notices/abc' })).statusCode).toBe(400);
    // Only plain decimal digits: these all read as a number through Number().
    for (const bad of ['0x1', '1e0', '+1', ' 1', '01', '0']) {
      const response = await t.app.inject({ method: 'GET', url: `/external/notices/${encodeURIComponent(bad)}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
