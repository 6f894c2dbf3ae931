import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatableChannelList } from '@studio/contract/channel';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Issue 25, point 3: an operator's change to a channel's status or create options is told to its
 * crew like every other change (one notification each, which their open tabs hear and then read the
 * create menu again), only when something really changed; a change of labels alone says nothing.
 */

let t: TestContext;
let cookies: Record<'operator' | 'owner' | 'manager', string>;
let ids: Record<'owner' | 'manager' | 'credit', number>;
let channel: number;

const toldOf = (userId: number) =>
  t.db.selectFrom('notifications').select(['channel_id', 'landing_url', 'message']).where('user_id', '=', userId).where('type', '=', 'CHANNEL_SERVICE_CHANGED').orderBy('id').execute();
const patch = (body: Record<string, unknown>) => call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, body);

beforeAll(async () => {
  t = await createTestApp();
  const operator = await createPerson(t.db, { name: '운영자', isOperator: true });
  const owner = await createPerson(t.db);
  const manager = await createPerson(t.db);
  const credit = await createPerson(t.db);
  channel = await createChannel(t.db, { name: '운영 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  await addMember(t.db, channel, credit.userId, 'CREDIT_MANAGER');
  ids = { owner: owner.userId, manager: manager.userId, credit: credit.userId };
  cookies = { operator: await t.cookieFor(operator.userId), owner: await t.cookieFor(owner.userId), manager: await t.cookieFor(manager.userId) };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const creatable = async (cookie: string) => CreatableChannelList.parse((await call(t.app, 'GET', '/api/my/channels/creatable', cookie)).json());

describe('an operator changes what a channel may create', () => {
  it('tells its owner and managers once when its shorts pause, and the create menu follows', async () => {
    expect((await creatable(cookies.manager)).find((entry) => entry.channelId === channel)?.options).toContain('LOOP_UPLOAD');
    expect((await patch({ shortsStatus: 'PAUSE' })).statusCode).toBe(200);
    for (const userId of [ids.owner, ids.manager]) {
      expect(await toldOf(userId)).toEqual([{ channel_id: channel, landing_url: `/studio/channels/${channel}`, message: '운영자가 운영 채널 채널의 운영 상태나 만들기 옵션을 변경했습니다.' }]);
    }
    // Credit managers handle revenue only: they have no create menu to follow.
    expect(await toldOf(ids.credit)).toEqual([]);
    expect((await creatable(cookies.manager)).find((entry) => entry.channelId === channel)?.options ?? []).not.toContain('LOOP_UPLOAD');
  });

  it('says nothing when nothing changes, or only the labels do', async () => {
    expect((await patch({ shortsStatus: 'PAUSE' })).statusCode).toBe(200);
    expect((await patch({ labels: [{ code: 'OFFICIAL', name: '공식' }] })).statusCode).toBe(200);
    expect(await toldOf(ids.owner)).toHaveLength(1);
  });

  it('tells them when the channel is stopped, and the menu loses the channel', async () => {
    expect((await patch({ status: 'STOP' })).statusCode).toBe(200);
    expect(await toldOf(ids.manager)).toHaveLength(2);
    expect((await creatable(cookies.owner)).find((entry) => entry.channelId === channel)?.options ?? []).toEqual([]);
  });
});
