import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail, ContentImage } from '@studio/contract/content';
import { MEDIA_REMOVE_QUEUE } from '../src/media/media-jobs';
import { lockChannelImages } from '../src/modules/contents/content-repository';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

/**
 * Deleting a content removes the files of its uploaded images (cover, a post's images, body images) by
 * one media.remove job queued with the delete, but only those no other content of the channel still
 * shows: an image row may be taken up by several contents, and its file goes with the last of them
 * (issue 22). Real PostgreSQL, the real disk store.
 */

let t: TestContext;
let cookie: string;
let channel: number;

const base = () => `/api/channels/${channel}/contents`;

async function uploadImage(width: number): Promise<ContentImage> {
  const png = await sharp({ create: { width, height: 40, channels: 3, background: '#aa3366' } }).png().toBuffer();
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `${base()}/images`,
    headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentImage>();
}

/** Whether the store still holds an image's file (read through /media, as a reader would). */
const stored = async (image: ContentImage) => (await t.app.inject({ method: 'GET', url: image.url })).statusCode === 200;

async function remove(id: number, version: number) {
  const response = await t.app.inject({ method: 'DELETE', url: `${base()}/${id}?version=${version}`, headers: { cookie, origin: ORIGIN } });
  expect(response.statusCode, response.body).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
});

afterAll(async () => {
  await t?.close();
});

describe('deleting a content removes the images only it showed', () => {
  it('removes a deleted article\'s own body image, keeps its cover while a post shows it, then removes what the post leaves; once each', async () => {
    const [shared, inBody, postOnly, unused] = [await uploadImage(60), await uploadImage(61), await uploadImage(62), await uploadImage(63)] as [ContentImage, ContentImage, ContentImage, ContentImage];
    const created = await call(t.app, 'POST', base(), cookie, { kind: 'CONTENT_VIEW', title: '표지와 본문', body: `<p>글</p><figure><img src="${inBody.url}" alt=""></figure>`, coverImageId: shared.id });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json<ContentDetail>();
    const posted = await call(t.app, 'POST', `/api/channels/${channel}/posts`, cookie, { body: '사진 두 장', imageIds: [shared.id, postOnly.id] });
    expect(posted.statusCode, posted.body).toBe(201);
    const post = (await call(t.app, 'GET', `${base()}/${posted.json<{ contentId: number }>().contentId}`, cookie)).json<ContentDetail>();

    await remove(article.id, article.version);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await stored(inBody)).toBe(false);
    // The cover is the post's first image too: it stays, with the post's other image and the one nobody used.
    expect(await stored(shared)).toBe(true);
    expect(await stored(postOnly)).toBe(true);
    expect(await stored(unused)).toBe(true);
    // The released row is gone with its file: no content can take it up again.
    const takeUp = await call(t.app, 'PATCH', `${base()}/${post.id}`, cookie, { version: post.version, imageIds: [inBody.id] });
    expect(takeUp.json()).toMatchObject({ code: 'CONTENT_IMAGE_NOT_FOUND', extra: { missing: [inBody.id] } });

    // Deleting again changes nothing and queues nothing.
    await remove(article.id, article.version);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);

    await remove(post.id, post.version);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await stored(shared)).toBe(false);
    expect(await stored(postOnly)).toBe(false);
    // Uploaded but never shown by a content: not a deleted content's to remove.
    expect(await stored(unused)).toBe(true);
  });

  it('waits for a change that is taking up the image, and keeps the image that change now shows', async () => {
    const cover = await uploadImage(64);
    const created = await call(t.app, 'POST', base(), cookie, { kind: 'CONTENT_VIEW', title: '표지', body: '<p>글</p>', coverImageId: cover.id });
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json<ContentDetail>();

    let deleted = false;
    let deleting: Promise<unknown> = Promise.resolve();
    await t.db.transaction().execute(async (trx) => {
      // A change of another content, midway: it holds the channel's images as the service's edits do…
      await lockChannelImages(trx, channel, 'shared');
      deleting = remove(article.id, article.version).then(() => (deleted = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(deleted, 'the delete decided while a change was taking up the image').toBe(false);
      // …and takes the cover up as a post's image; the delete goes on once this commits.
      const at = new Date();
      await trx
        .insertInto('contents')
        .values({ channel_id: channel, kind: 'POST', status: 'PUBLIC', title: '같은 사진', body: '같은 사진', images: JSON.stringify([cover]), thumbnail_url: cover.url, published_at: at, created_at: at, updated_at: at })
        .execute();
    });
    await deleting;
    expect(deleted).toBe(true);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);
    expect(await stored(cover)).toBe(true);
  });

  it('holds back an edit taking up an image while a delete is releasing the channel\'s images', async () => {
    const image = await uploadImage(65);
    const posted = await call(t.app, 'POST', `/api/channels/${channel}/posts`, cookie, { body: '한 장' });
    expect(posted.statusCode, posted.body).toBe(201);
    const post = (await call(t.app, 'GET', `${base()}/${posted.json<{ contentId: number }>().contentId}`, cookie)).json<ContentDetail>();

    let edited = false;
    let editing: Promise<unknown> = Promise.resolve();
    await t.db.transaction().execute(async (trx) => {
      // A delete, midway: it holds the channel's images while it works out which no content shows.
      await lockChannelImages(trx, channel, 'exclusive');
      editing = call(t.app, 'PATCH', `${base()}/${post.id}`, cookie, { version: post.version, imageIds: [image.id] }).then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        edited = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(edited, 'the edit took the image up while a delete was deciding').toBe(false);
    });
    await editing;
    expect(edited).toBe(true);
  });
});
