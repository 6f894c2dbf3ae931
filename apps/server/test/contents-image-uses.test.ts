import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail, ContentImage } from '@studio/contract/content';
import { migratorFor } from '../src/db/migrate';
import type { Db } from '../src/db/schema';
import { MEDIA_REMOVE_QUEUE } from '../src/media/media-jobs';
import { addMember, createChannel, createContent, createPerson } from '../src/seed/factories';
import { call, createDatabaseMigratedTo, createTestApp, ORIGIN, type TestContext } from './helper';

/**
 * Deleting a content removes the uploaded images it used that no content uses any more, by one
 * media.remove job queued with the delete (issue 22, point 1). Which content uses which image is the
 * table content_image_uses (migration 0044), rewritten by every save: a cover, a post's images, and
 * every image address in a body, of any channel, since a body may show another channel's image.
 * Real PostgreSQL, the real disk store.
 */

let t: TestContext;
let cookie: string;
let channelA: number;
let channelB: number;

const contentsOf = (channel: number) => `/api/channels/${channel}/contents`;

async function uploadImage(channel: number): Promise<ContentImage> {
  const png = await sharp({ create: { width: 40 + Math.floor(Math.random() * 40), height: 40, channels: 3, background: '#aa3366' } }).png().toBuffer();
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `${contentsOf(channel)}/images`,
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

/** Whether the image's file is still on the disk store ($DATA_DIR/media/images/<name>). */
const onDisk = (image: ContentImage) => existsSync(path.join(t.config.dataDir, 'media', image.url.replace(/^\/media\//, '')));
const rowExists = async (image: ContentImage) => (await t.db.selectFrom('content_images').select('id').where('id', '=', image.id).executeTakeFirst()) !== undefined;
const kept = async (image: ContentImage) => (await rowExists(image)) && onDisk(image);
const gone = async (image: ContentImage) => !(await rowExists(image)) && !onDisk(image);

const bodyShowing = (...images: ContentImage[]) => `<p>글</p>${images.map((image) => `<figure><img src="${image.url}" alt=""></figure>`).join('')}`;

async function article(channel: number, fields: { body?: string; coverImageId?: number }): Promise<ContentDetail> {
  const created = await call(t.app, 'POST', contentsOf(channel), cookie, { kind: 'CONTENT_VIEW', title: '글', body: '<p>글</p>', ...fields });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ContentDetail>();
}

async function post(channel: number, imageIds: number[]): Promise<ContentDetail> {
  const posted = await call(t.app, 'POST', `/api/channels/${channel}/posts`, cookie, { body: '사진', imageIds });
  expect(posted.statusCode, posted.body).toBe(201);
  return (await call(t.app, 'GET', `${contentsOf(channel)}/${posted.json<{ contentId: number }>().contentId}`, cookie)).json<ContentDetail>();
}

async function remove(content: ContentDetail) {
  const response = await t.app.inject({ method: 'DELETE', url: `${contentsOf(content.channelId)}/${content.id}?version=${content.version}`, headers: { cookie, origin: ORIGIN } });
  expect(response.statusCode, response.body).toBe(204);
}

async function usesOf(contentId: number): Promise<number[]> {
  const rows = await t.db.selectFrom('content_image_uses').select('image_id').where('content_id', '=', contentId).orderBy('image_id').execute();
  return rows.map((row) => Number(row.image_id));
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channelA = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  channelB = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channelA, owner.userId, 'OWNER');
  await addMember(t.db, channelB, owner.userId, 'OWNER');
});

afterAll(async () => {
  await t?.close();
});

describe('deleting a content removes the images no content uses any more', () => {
  it('removes a deleted article\'s own images, keeps the one a post of the channel shows, then removes it with the post; once each', async () => {
    const [shared, inBody, postOnly, unused] = [await uploadImage(channelA), await uploadImage(channelA), await uploadImage(channelA), await uploadImage(channelA)];
    const written = await article(channelA, { body: bodyShowing(inBody), coverImageId: shared.id });
    const showing = await post(channelA, [shared.id, postOnly.id]);
    expect(await usesOf(written.id)).toEqual([shared.id, inBody.id].sort((a, b) => a - b));

    await remove(written);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await gone(inBody)).toBe(true);
    expect(await kept(shared)).toBe(true);
    expect(await kept(postOnly)).toBe(true);
    expect(await kept(unused)).toBe(true);
    expect(await usesOf(written.id)).toEqual([]);

    // Deleting again changes nothing and queues nothing.
    await remove(written);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);

    await remove(showing);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await gone(shared)).toBe(true);
    expect(await gone(postOnly)).toBe(true);
    // Uploaded but never used by a content: not a deleted content's to remove.
    expect(await kept(unused)).toBe(true);
  });

  it('keeps channel A\'s image while channel B\'s article shows it by its full address, and removes it with that article', async () => {
    const image = await uploadImage(channelA);
    const own = await article(channelA, { coverImageId: image.id });
    // Pasted HTML: the address with this site's origin, in another channel's article.
    const foreign = await article(channelB, { body: `<p>옮겨 온 글</p><img src="${ORIGIN}${image.url}">` });
    expect(await usesOf(foreign.id)).toEqual([image.id]);

    await remove(own);
    await t.app.jobs.drain(MEDIA_REMOVE_QUEUE);
    expect(await kept(image)).toBe(true);

    await remove(foreign);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await gone(image)).toBe(true);
  });

  it('follows edits: an image an edit dropped goes with the last content that kept it, one an edit took up stays', async () => {
    const dropped = await uploadImage(channelA);
    const takenUp = await uploadImage(channelA);
    const first = await article(channelA, { body: bodyShowing(dropped) });
    const second = await article(channelA, { body: bodyShowing(dropped, takenUp) });

    // The first article drops `dropped` and shows `takenUp` instead (an autosave is the same PATCH).
    const edited = await call(t.app, 'PATCH', `${contentsOf(channelA)}/${first.id}`, cookie, { version: first.version, body: bodyShowing(takenUp) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await usesOf(first.id)).toEqual([takenUp.id]);

    await remove(second);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect(await gone(dropped)).toBe(true);
    expect(await kept(takenUp)).toBe(true);
  });

  it('answers 400 for a requested image a delete removed meanwhile, and records no use of a body\'s vanished image', async () => {
    const cover = await uploadImage(channelA);
    const inBody = await uploadImage(channelA);
    const target = await article(channelA, {});

    // A delete, midway: it holds both images FOR UPDATE and is about to delete their rows.
    let edit: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    let answered = false;
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM content_images WHERE id IN (${cover.id}, ${inBody.id}) FOR UPDATE`.execute(trx);
      edit = call(t.app, 'PATCH', `${contentsOf(channelA)}/${target.id}`, cookie, { version: target.version, coverImageId: cover.id, body: bodyShowing(inBody) }).then((response) => {
        answered = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered, 'the edit took up an image a delete held').toBe(false);
      await trx.deleteFrom('content_images').where('id', 'in', [cover.id, inBody.id]).execute();
    });
    const refused = await edit!;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CONTENT_IMAGE_NOT_FOUND', extra: { missing: [cover.id] } });

    // Without the cover, the body's address of an image gone is saved, just not as a use.
    const bodyOnly = await call(t.app, 'PATCH', `${contentsOf(channelA)}/${target.id}`, cookie, { version: target.version, body: bodyShowing(inBody) });
    expect(bodyOnly.statusCode, bodyOnly.body).toBe(200);
    expect(await usesOf(target.id)).toEqual([]);
  });

  it('twenty parallel deletes and edits answer no 500 and leave no image removed while a content uses it', async () => {
    const images = [await uploadImage(channelA), await uploadImage(channelA), await uploadImage(channelB), await uploadImage(channelB)];
    const pick = (i: number) => images[i % images.length]!;
    const written: ContentDetail[] = [];
    for (let i = 0; i < 10; i += 1) written.push(await article(i % 2 === 0 ? channelA : channelB, { body: bodyShowing(pick(i)) }));

    // Half are deleted, half take up the image their neighbour shows while it is being deleted.
    const answers = await Promise.all(
      written.map((content, i) =>
        i % 2 === 0
          ? t.app.inject({ method: 'DELETE', url: `${contentsOf(content.channelId)}/${content.id}?version=${content.version}`, headers: { cookie, origin: ORIGIN } })
          : call(t.app, 'PATCH', `${contentsOf(content.channelId)}/${content.id}`, cookie, { version: content.version, body: bodyShowing(pick(i), pick(i + 1)) }),
      ).concat(
        written.map((content, i) =>
          call(t.app, 'PATCH', `${contentsOf(content.channelId)}/${content.id}`, cookie, { version: content.version, body: bodyShowing(pick(i + 2)) }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    await t.app.jobs.drain(MEDIA_REMOVE_QUEUE);

    // Every image a live content's body names is still there, row and file, and recorded as its use.
    const live = await t.db.selectFrom('contents').select(['id', 'body']).where('id', 'in', written.map((content) => content.id)).where('status', '<>', 'DELETE').execute();
    expect(live.length).toBeGreaterThan(0);
    for (const content of live) {
      const named = images.filter((image) => content.body.includes(image.url));
      for (const image of named) expect(await kept(image), `content ${content.id} shows image ${image.id}`).toBe(true);
      expect(await usesOf(content.id)).toEqual(named.map((image) => image.id).sort((a, b) => a - b));
    }
  });
});

describe('migration 0044', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createDatabaseMigratedTo('0043-view-events-summarised'));
  });

  afterAll(async () => {
    await drop();
  });

  it('records the uses of the contents saved before: cover, a post\'s images, body addresses of any channel; none for a deleted content', async () => {
    const person = await createPerson(db);
    const a = await createChannel(db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    const b = await createChannel(db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    const image = async (channel: number, name: string) =>
      db.insertInto('content_images').values({ channel_id: channel, uploaded_by: person.userId, url: `/media/images/${name}.jpg`, width: 1, height: 1, created_at: new Date() }).returning(['id', 'url', 'width', 'height']).executeTakeFirstOrThrow();
    const [cover, first, second, foreign, unused] = [await image(a, 'cover'), await image(a, 'first'), await image(a, 'second'), await image(a, 'foreign'), await image(b, 'unused')];
    const articleId = await createContent(db, { channel_id: a, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '글', body: '<p>글</p>', thumbnail_url: cover.url, cover_image: JSON.stringify(cover) });
    const postId = await createContent(db, { channel_id: a, kind: 'POST', status: 'PUBLIC', title: '사진', body: '사진', thumbnail_url: first.url, images: JSON.stringify([first, second]) });
    const pastedId = await createContent(db, { channel_id: b, kind: 'CONTENT_VIEW', status: 'DRAFT', title: '옮긴 글', body: `<img src="https://studio.example${foreign.url}"><img src="/media/images/missing.jpg">`, thumbnail_url: null });
    const deletedId = await createContent(db, { channel_id: a, kind: 'CONTENT_VIEW', status: 'DELETE', title: '지운 글', body: `<img src="${cover.url}">`, thumbnail_url: null });

    const { error } = await migratorFor(db).migrateToLatest();
    expect(error).toBeUndefined();
    const rows = await db.selectFrom('content_image_uses').select(['content_id', 'image_id']).orderBy('content_id').orderBy('image_id').execute();
    expect(rows.map((row) => [Number(row.content_id), Number(row.image_id)])).toEqual([
      [articleId, cover.id],
      [postId, first.id],
      [postId, second.id],
      [pastedId, foreign.id],
    ]);
    expect(rows.some((row) => Number(row.content_id) === deletedId || Number(row.image_id) === unused.id)).toBe(false);
  });
});
