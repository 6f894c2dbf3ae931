import type { Page } from '@playwright/test';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { expect, login, switchTo, test, type World } from './fixtures';

// The content API as the browser calls it: real sign-in, the session cookie,
// the browser's own Origin header and multipart bodies. The editor pages are
// tested with the editor; this spec holds the server's promises.

type Answer = { status: number; body: Record<string, unknown> | null };

/** A call from the signed-in page, as the studio's client makes it. */
function api(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    { method, path, body },
  );
}

/** Uploads bytes under a chosen file name and type, as a file input would. */
function upload(page: Page, channelId: number, name: string, type: string, base64: string): Promise<Answer> {
  return page.evaluate(
    async ({ channelId, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], name, { type }));
      const response = await fetch(`/api/channels/${channelId}/contents/images`, { method: 'POST', credentials: 'include', body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { channelId, name, type, base64 },
  );
}

// A 2x2 red PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVR4nGP4z8DwnwGM/zMwAAAf7gP9NRsAMwAAAABJRU5ErkJggg==';
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>').toString('base64');

async function writingWorld(world: World) {
  const owner = await world.person('Writer');
  const manager = await world.person('Co-writer');
  const outsider = await world.person('Outsider');
  const channel = await world.channel(owner, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true }, [[manager, 'MANAGER']]);
  return { owner, manager, outsider, channel };
}

test('two tabs cannot overwrite each other: the second save gets the conflict and the current version', async ({ page, world, context }) => {
  const { owner, channel } = await writingWorld(world);
  await login(page, owner);
  const created = await api(page, 'POST', `/channels/${channel.id}/contents`, { kind: 'CONTENT_VIEW', title: '두 탭', body: '<p>처음</p>' });
  expect(created.status).toBe(201);
  const id = created.body?.id as number;

  const second = await context.newPage();
  await second.goto('/studio/');
  const first = await api(page, 'PATCH', `/channels/${channel.id}/contents/${id}`, { version: 1, body: '<p>첫 탭</p>' });
  expect(first.status).toBe(200);
  const stale = await api(second, 'PATCH', `/channels/${channel.id}/contents/${id}`, { version: 1, body: '<p>둘째 탭</p>' });
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({ code: 'CONTENT_VERSION_CONFLICT', extra: { currentVersion: 2 } });
  expect((await api(second, 'GET', `/channels/${channel.id}/contents/${id}`)).body).toMatchObject({ body: '<p>첫 탭</p>', version: 2 });
});

test('reserves for the earliest slot on the Korean 10-minute step and publishes now on request', async ({ page, world }) => {
  const { manager, channel } = await writingWorld(world);
  await login(page, manager);
  const created = await api(page, 'POST', `/channels/${channel.id}/contents`, { kind: 'CONTENT_VIEW', title: '예약 글', body: '<p>본문</p>' });
  const id = created.body?.id as number;
  const at = earliestReservationSlot(new Date()).toISOString();
  const reserved = await api(page, 'POST', `/channels/${channel.id}/contents/${id}/reserve`, { version: 1, at });
  // The slot can pass between the two clocks' reads at a step boundary: the server then names the next one.
  if (reserved.status === 400) expect(reserved.body).toMatchObject({ code: 'RESERVATION_TIME_INVALID', extra: { problem: 'TOO_EARLY' } });
  else expect(reserved.body).toMatchObject({ status: 'PUBLIC_RESERVATION', reservedAt: at });
  const version = reserved.status === 200 ? 2 : 1;
  const published = await api(page, 'POST', `/channels/${channel.id}/contents/${id}/publish`, { version });
  expect(published.body).toMatchObject({ status: 'PUBLIC', reservedAt: null });
});

test('uploads are judged by content: a PNG named .txt is stored and served as an image, HTML named .png is refused', async ({ page, world }) => {
  const { owner, channel } = await writingWorld(world);
  await login(page, owner);
  const image = await upload(page, channel.id, 'notes.txt', 'text/plain', PNG);
  expect(image.status).toBe(201);
  expect(image.body?.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
  const served = await page.request.get(String(image.body?.url));
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  const naturalWidth = await page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth;
  }, String(image.body?.url));
  expect(naturalWidth).toBe(2);

  const html = await upload(page, channel.id, 'cat.png', 'image/png', HTML);
  expect(html.status).toBe(400);
  expect(html.body).toMatchObject({ code: 'UPLOAD_NOT_IMAGE' });
});

test('a person without a role on the channel is refused every content URL', async ({ page, world }) => {
  const { owner, outsider, channel } = await writingWorld(world);
  await login(page, owner);
  const id = (await api(page, 'POST', `/channels/${channel.id}/contents`, { kind: 'POST', body: '포스트' })).body?.id as number;

  await switchTo(page, outsider);
  const calls: [string, string, unknown?][] = [
    ['GET', `/channels/${channel.id}/contents`],
    ['POST', `/channels/${channel.id}/contents`, { kind: 'CONTENT_VIEW' }],
    ['GET', `/channels/${channel.id}/contents/${id}`],
    ['PATCH', `/channels/${channel.id}/contents/${id}`, { version: 1, body: '남의 글' }],
    ['POST', `/channels/${channel.id}/contents/${id}/publish`, { version: 1 }],
    ['GET', `/channels/${channel.id}/contents/${id}/preview`],
    ['POST', `/channels/${channel.id}/posts`, { body: '남의 채널' }],
  ];
  for (const [method, path, body] of calls) {
    const answer = await api(page, method, path, body);
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toMatchObject({ code: 'CHANNEL_ACCESS_DENIED' });
  }
  expect((await upload(page, channel.id, 'a.png', 'image/png', PNG)).status).toBe(403);
});
