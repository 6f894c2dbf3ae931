import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedTransfer } from '@studio/contract/member';
import { OperatorChannelCreated } from '@studio/contract/operator';
import { declineExpired } from '../src/modules/invites/expiry-sweep';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Spec sections 4 and 9: an owner invite unanswered for 30 days, and an owner transfer unanswered
 * for 7 days, are declined automatically. Both are created through the API at the app's clock and
 * declined by the expiry sweep as the app runs it (`declineExpired(app.db, app.clock.now())`), so
 * the deadline is the product's, never one the test wrote: 30 → 31 (or 7 → 8) in
 * `packages/contract/src/constants.ts` fails here. The numbers below are the spec's, on purpose.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** One run of the expiry timer's task, at the app's clock. Each test counts only its own kind, so one failing leaves the other meaningful. */
const sweep = () => declineExpired(t.app.db, t.app.clock.now());

const notificationsOf = (userId: number, type: 'INVITE_EXPIRED' | 'TRANSFER_EXPIRED') =>
  t.db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('type', '=', type).execute();

describe('owner invite: declined automatically after exactly 30 days', () => {
  it('stays pending at 30 days less a minute, is declined at 30 days and a second, once', async () => {
    const operator = await createPerson(t.db, { name: '운영자', isOperator: true });
    const invitee = await createPerson(t.db, { name: '새 주인' });
    const operatorCookie = await t.cookieFor(operator.userId);
    const created = await call(t.app, 'POST', '/api/operator/channels', operatorCookie, { name: '주인 없는 채널', channelType: 'MEDIA_CHANNEL' });
    const { channelId } = OperatorChannelCreated.parse(created.json());

    const start = t.clock.now().getTime();
    const invited = await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, operatorCookie, { login: invitee.login });
    expect(invited.statusCode).toBe(201);
    const { inviteId } = invited.json<{ inviteId: number }>();
    const status = async () =>
      (await t.db.selectFrom('channel_invites').select(['status', 'declined_automatically']).where('id', '=', inviteId).executeTakeFirstOrThrow());

    t.clock.set(new Date(start + 30 * DAY - MINUTE));
    expect((await sweep()).invites).toBe(0);
    expect(await status()).toEqual({ status: 'PENDING', declined_automatically: false });
    expect(await notificationsOf(invitee.userId, 'INVITE_EXPIRED')).toHaveLength(0);

    t.clock.set(new Date(start + 30 * DAY + 1_000));
    expect((await sweep()).invites).toBe(1);
    expect(await status()).toEqual({ status: 'DECLINED', declined_automatically: true });
    expect((await sweep()).invites).toBe(0);
    // Side effects once: the invitee and the operator who sent it are told, one notification each.
    expect(await notificationsOf(invitee.userId, 'INVITE_EXPIRED')).toHaveLength(1);
    expect(await notificationsOf(operator.userId, 'INVITE_EXPIRED')).toHaveLength(1);
    const log = await t.db.selectFrom('channel_activity').select('action').where('channel_id', '=', channelId).where('action', '=', 'INVITE_DECLINED').execute();
    expect(log).toHaveLength(1);
  });
});

describe('owner transfer: declined automatically after exactly 7 days', () => {
  it('stays pending at 7 days less a minute, is declined at 7 days and a second, once', async () => {
    const owner = await createPerson(t.db, { name: '소유자' });
    const recipient = await createPerson(t.db, { name: '받는 사람' });
    const channelId = await createChannel(t.db, { name: '넘겨줄 채널' });
    await addMember(t.db, channelId, owner.userId, 'OWNER');
    const ownerCookie = await t.cookieFor(owner.userId);

    const start = t.clock.now().getTime();
    const started = await call(t.app, 'POST', `/api/channels/${channelId}/transfers`, ownerCookie, { login: recipient.login });
    expect(started.statusCode).toBe(201);
    const { transferId } = CreatedTransfer.parse(started.json());
    const status = async () =>
      (await t.db.selectFrom('channel_transfers').select(['status', 'declined_automatically']).where('id', '=', transferId).executeTakeFirstOrThrow());

    t.clock.set(new Date(start + 7 * DAY - MINUTE));
    expect((await sweep()).transfers).toBe(0);
    expect(await status()).toEqual({ status: 'PENDING', declined_automatically: false });

    t.clock.set(new Date(start + 7 * DAY + 1_000));
    expect((await sweep()).transfers).toBe(1);
    expect(await status()).toEqual({ status: 'DECLINED', declined_automatically: true });
    expect((await sweep()).transfers).toBe(0);
    expect(await notificationsOf(owner.userId, 'TRANSFER_EXPIRED')).toHaveLength(1);
    expect(await notificationsOf(recipient.userId, 'TRANSFER_EXPIRED')).toHaveLength(1);
  });
});
