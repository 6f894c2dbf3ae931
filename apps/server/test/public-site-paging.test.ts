import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, createContent } from '../src/seed/factories';
import { CHANNEL_PAGE_CONTENTS } from '../src/modules/public-site/public-site-service';
import { createTestApp, type TestContext } from './helper';

// The public channel page pages its published contents newest first, by a keyset cursor in the address
// (`?before=<shown time>_<id>`), followed here as a reader follows the "older contents" link.

let t: TestContext;
let channel: number;
/** Every public content of the channel with its shown time in microseconds, as the test set it. */
const published: { id: number; us: bigint }[] = [];
const notPublic: number[] = [];

const BASE_US = BigInt(Date.parse('2026-11-20T03:00:00Z')) * 1000n;
const DAY_US = 86_400_000_000n;
const PUBLIC_COUNT = 2 * CHANNEL_PAGE_CONTENTS + 20;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const timestamp = (us: bigint) => sql`to_timestamp(0) + make_interval(secs => ${Number(us / 1_000_000n)}) + make_interval(secs => ${Number(us % 1_000_000n) / 1_000_000})`;

/** The content ids a channel page lists, in order, and its links to older and newest pages. */
function read(html: string) {
  const ids = [...html.matchAll(new RegExp(`<li><a href="/c/${channel}/(\\d+)">`, 'g'))].map((match) => Number(match[1]));
  const older = /<a href="([^"]+)" rel="next">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const newest = /<a href="([^"]+)" rel="start">/.exec(html)?.[1];
  return { ids, older, newest };
}

/** The expected order, computed here from the times the test gave: newest first, the larger id first on a tie. */
const expectedOrder = (rows: { id: number; us: bigint }[]) =>
  [...rows].sort((a, b) => (a.us === b.us ? b.id - a.id : a.us < b.us ? 1 : -1)).map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  channel = await createChannel(t.db, { name: '쪽 나뉘는 채널' });
  const make = async (status: 'PUBLIC' | 'HIDDEN' | 'PUBLIC_RESERVATION' | 'DELETE' | 'REPORT_BLIND', us: bigint, publishedAtNull = false) => {
    const id = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'POST', status, title: `글 ${status}`, thumbnail_url: null });
    // Times to the microsecond: three contents share each instant, and many share one millisecond, so a
    // cursor rounded to the millisecond would skip or repeat rows.
    if (publishedAtNull) await sql`UPDATE contents SET published_at = NULL, created_at = ${timestamp(us)} WHERE id = ${id}`.execute(t.db);
    else await sql`UPDATE contents SET published_at = ${timestamp(us)} WHERE id = ${id}`.execute(t.db);
    return id;
  };
  for (let n = 0; n < PUBLIC_COUNT - 20; n += 1) {
    const us = BASE_US + BigInt(Math.floor(n / 3));
    published.push({ id: await make('PUBLIC', us), us });
    // Not public, at the same instants: never listed, never a page's boundary.
    if (n % 10 === 0) for (const status of ['HIDDEN', 'PUBLIC_RESERVATION', 'DELETE', 'REPORT_BLIND'] as const) notPublic.push(await make(status, us));
  }
  // Never published through the studio (seeded rows): the creation time stands in, days older.
  for (let n = 0; n < 20; n += 1) {
    const us = BASE_US - BigInt(n + 1) * DAY_US;
    published.push({ id: await make('PUBLIC', us, true), us });
  }
  // Another channel's contents never appear.
  const other = await createChannel(t.db, { name: '다른 채널' });
  await createContent(t.db, { channel_id: other, author_user_id: null, kind: 'POST', status: 'PUBLIC', title: '다른 채널의 글', thumbnail_url: null });
});

afterAll(async () => {
  await t?.close();
});

describe('the public channel page, paged', () => {
  it('walks three pages by its "older" links: every public content once, in order, nothing else', async () => {
    const pages: ReturnType<typeof read>[] = [];
    let url: string | undefined = `/c/${channel}`;
    while (url) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const page = read(response.body);
      pages.push(page);
      url = page.older;
      expect(pages.length).toBeLessThanOrEqual(3);
    }
    expect(pages.map((page) => page.ids.length)).toEqual([CHANNEL_PAGE_CONTENTS, CHANNEL_PAGE_CONTENTS, 20]);
    const seen = pages.flatMap((page) => page.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expectedOrder(published));
    expect(seen.filter((id) => notPublic.includes(id))).toEqual([]);
    // The first page has no way back; the older ones lead back to the newest; the last has no "older".
    expect(pages[0]?.newest).toBeUndefined();
    expect(pages.slice(1).map((page) => page.newest)).toEqual([`/c/${channel}`, `/c/${channel}`]);
    expect(pages[2]?.older).toBeUndefined();
    // The cursor is readable and carries the microsecond.
    expect(pages[0]?.older).toMatch(new RegExp(`^/c/${channel}\\?before=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z_\\d+$`));
  });

  it('is not thrown by contents hidden or deleted between two pages: the next page starts where the last one ended', async () => {
    const first = read((await get(`/c/${channel}`)).body);
    const order = expectedOrder(published);
    // The row the cursor names, the first row of the next page and one further on leave the public side.
    const gone = [order[CHANNEL_PAGE_CONTENTS - 1], order[CHANNEL_PAGE_CONTENTS], order[CHANNEL_PAGE_CONTENTS + 5]] as number[];
    await t.db.updateTable('contents').set({ status: 'HIDDEN' }).where('id', 'in', gone.slice(0, 2)).execute();
    await t.db.updateTable('contents').set({ status: 'DELETE' }).where('id', '=', gone[2] as number).execute();
    try {
      const second = read((await get(first.older as string)).body);
      const stillPublic = order.filter((id) => !gone.includes(id));
      expect(second.ids).toEqual(stillPublic.slice(CHANNEL_PAGE_CONTENTS - 1, 2 * CHANNEL_PAGE_CONTENTS - 1));
      expect(second.ids.filter((id) => first.ids.includes(id))).toEqual([]);
    } finally {
      await t.db.updateTable('contents').set({ status: 'PUBLIC' }).where('id', 'in', gone).execute();
    }
  });

  it('answers a cursor that is not one with a 400 page naming the code and leading to the newest page, never a 500', async () => {
    for (const before of ['x', '2026-02-30T00:00:00Z_1', '2026-11-22T03:04:05Z_0', '2026-11-22T03:04:05Z_99999999999999999', "1' OR '1'='1", '%00']) {
      const response = await get(`/c/${channel}?before=${encodeURIComponent(before)}`);
      expect(response.statusCode, before).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('data-code="VALIDATION_FAILED"');
      expect(read(response.body).newest).toBe(`/c/${channel}`);
    }
    // Given twice, it is not one cursor either.
    expect((await get(`/c/${channel}?before=2026-11-22T03:04:05Z_1&before=2026-11-22T03:04:05Z_2`)).statusCode).toBe(400);
  });

  it('answers a cursor past the oldest content with an empty page that leads back, and another channel the one 404', async () => {
    const response = await get(`/c/${channel}?before=1970-01-01T00:00:00Z_1`);
    expect(response.statusCode).toBe(200);
    expect(read(response.body)).toEqual({ ids: [], older: undefined, newest: `/c/${channel}` });
    expect(response.body).toContain('더 이전에 공개된 콘텐츠가 없습니다.');
    expect((await get(`/c/999999?before=2026-11-22T03:04:05Z_1`)).statusCode).toBe(404);
  });
});
