import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from './helper';

let t: TestContext;
let cookie: string;
let otherCookie: string;
let channel: number;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RATE_LIMIT_PER_MINUTE: '5' } });
  const owner = await createPerson(t.db);
  const manager = await createPerson(t.db);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  cookie = await t.cookieFor(owner.userId);
  otherCookie = await t.cookieFor(manager.userId);
});

afterAll(async () => {
  await t.close();
});

async function upload(as: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).png().toBuffer();
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/channels/${channel}/contents/images`,
    headers: { cookie: as, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('content image upload limit', () => {
  it('holds under 50 parallel uploads: the allowance per person and minute, then 429 RATE_LIMITED; another person keeps theirs', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => upload(cookie)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(45);
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toMatchObject({ code: 'RATE_LIMITED', path: `/api/channels/${channel}/contents/images`, extra: null });
    const rows = await t.db.selectFrom('content_images').select('id').where('channel_id', '=', channel).execute();
    expect(rows).toHaveLength(5);
    expect((await upload(otherCookie)).statusCode).toBe(201);
  });
});
