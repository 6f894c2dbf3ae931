import type { Transaction } from 'kysely';
import type { TransferDetail } from '@studio/contract/member';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus } from '../channels/channel-repository';
import { isPastDeadline, transition } from '../invites/invitation-state';
import { logActivity } from '../members/activity-repository';
import { addMembership, channelOwner, findUserByLogin, lockMemberships, memberRole, setRole, userName, userProfile } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { markAnsweredInvitationRead } from '../notifications/notification-repository';
import { declineDueTransfers, findTransfer, insertTransfer, lockTransfer, settleTransfer } from './transfer-repository';
import { isUniqueViolation } from '../../db/database';

type Trx = Transaction<Database>;
type TransferRow = NonNullable<Awaited<ReturnType<typeof lockTransfer>>>;

/** A transfer past its deadline is declined automatically; the owner who started it and its recipient are told. */
async function expireTransfer(trx: Trx, transfer: Pick<TransferRow, 'id' | 'channel_id' | 'to_user_id' | 'from_user_id'>, now: Date, alreadySettled = false) {
  if (!alreadySettled && !(await settleTransfer(trx, transfer.id, 'DECLINED', now, true))) return;
  await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: null, targetUserId: transfer.to_user_id, role: 'OWNER', at: now });
  const channel = await channelNameAndStatus(trx, transfer.channel_id);
  const about = { id: transfer.channel_id, name: channel.name };
  await notify(trx, { to: transfer.from_user_id, channel: about, type: 'TRANSFER_EXPIRED', landingUrl: landing.channelSettings(transfer.channel_id), at: now });
  await notify(trx, { to: transfer.to_user_id, channel: about, type: 'TRANSFER_EXPIRED', landingUrl: null, at: now });
}

/** Spec section 4: ownership transfers unanswered for 7 days are declined automatically. */
export async function declineExpiredTransfers(trx: Trx, now: Date): Promise<number> {
  const declined = await declineDueTransfers(trx, now);
  for (const transfer of declined) await expireTransfer(trx, transfer, now, true);
  return declined.length;
}

/**
 * Ownership transfers: the owner starts and cancels; the recipient loads,
 * accepts or declines. One owner at every instant: accepting demotes the old
 * owner to manager before the new one is made owner, under a lock on the
 * channel's memberships.
 */
export function transferService(db: Db) {
  async function lockOwn(trx: Trx, transferId: number, userId: number): Promise<TransferRow> {
    const transfer = await lockTransfer(trx, transferId);
    if (!transfer) throw new AppError('NOT_FOUND', undefined, { resource: 'transfer' });
    if (transfer.to_user_id !== userId) throw new AppError('TRANSFER_UNAUTHORIZED');
    return transfer;
  }

  return {
    async start(channel: ChannelRow, ownerId: number, login: string, now: Date): Promise<{ transferId: number }> {
      const target = await findUserByLogin(db, login);
      if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login });
      if (target.id === ownerId) throw new AppError('CANNOT_TARGET_SELF');
      try {
        return await db.transaction().execute(async (trx) => {
          const transferId = await insertTransfer(trx, { channelId: channel.id, fromUserId: ownerId, toUserId: target.id, at: now });
          await logActivity(trx, { channelId: channel.id, action: 'TRANSFER_STARTED', actorUserId: ownerId, targetUserId: target.id, role: 'OWNER', at: now });
          await notify(trx, {
            to: target.id,
            channel,
            type: 'TRANSFER_REQUESTED',
            params: { actorName: await userName(trx, ownerId) },
            landingUrl: landing.transfer(transferId),
            at: now,
          });
          return { transferId };
        });
      } catch (error) {
        // The partial unique index holds one pending transfer per channel, also under parallel requests.
        if (isUniqueViolation(error, 'channel_transfers_one_pending')) throw new AppError('TRANSFER_ALREADY_PENDING');
        throw error;
      }
    },

    async cancel(channelId: number, ownerId: number, transferId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, transferId);
        if (!transfer || transfer.channel_id !== channelId) throw new AppError('NOT_FOUND', undefined, { resource: 'transfer' });
        const step = transition(transfer.status, 'CANCEL');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError('TRANSFER_NOT_PENDING');
        if (!(await settleTransfer(trx, transferId, step.to, now))) return;
        await logActivity(trx, { channelId, action: 'TRANSFER_CANCELLED', actorUserId: ownerId, targetUserId: transfer.to_user_id, role: 'OWNER', at: now });
      });
    },

    async detail(transferId: number, userId: number, now: Date): Promise<TransferDetail> {
      const transfer = await findTransfer(db, transferId);
      if (!transfer) throw new AppError('NOT_FOUND', undefined, { resource: 'transfer' });
      if (transfer.to_user_id !== userId) throw new AppError('TRANSFER_UNAUTHORIZED');
      if (transfer.status !== 'PENDING' || isPastDeadline(transfer.expires_at, now)) throw new AppError('TRANSFER_NOT_PENDING');
      const [channel, oldOwner] = await Promise.all([
        channelNameAndStatus(db, transfer.channel_id),
        userProfile(db, transfer.from_user_id),
      ]);
      return { oldOwnerProfileImageUrl: oldOwner.profileImageUrl, oldOwnerProfileName: oldOwner.name, channelName: channel.name };
    },

    async accept(transferId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      // Refusals that changed something (an automatic decline, a cancel) commit first, then answer.
      const outcome = await db.transaction().execute(async (trx): Promise<{ channelId: number } | { refused: 'TRANSFER_NOT_PENDING' }> => {
        const transfer = await lockOwn(trx, transferId, userId);
        const step = transition(transfer.status, 'ACCEPT');
        if (step.kind === 'repeat') return { channelId: transfer.channel_id };
        if (step.kind === 'refuse') return { refused: 'TRANSFER_NOT_PENDING' };
        if (isPastDeadline(transfer.expires_at, now)) {
          await expireTransfer(trx, transfer, now);
          return { refused: 'TRANSFER_NOT_PENDING' };
        }
        const channel = await channelNameAndStatus(trx, transfer.channel_id);
        if (channel.status !== 'SERVICE') throw new AppError('CHANNEL_NOT_SERVICE');
        await lockMemberships(trx, channel.id);
        const owner = await channelOwner(trx, channel.id);
        if (owner?.id !== transfer.from_user_id) {
          // Whoever started it is no longer the owner: the request no longer stands.
          await settleTransfer(trx, transferId, 'CANCELLED', now);
          return { refused: 'TRANSFER_NOT_PENDING' };
        }
        // One owner at every instant: the old owner steps down to manager first.
        await setRole(trx, channel.id, transfer.from_user_id, 'MANAGER');
        if (await memberRole(trx, channel.id, userId)) await setRole(trx, channel.id, userId, 'OWNER');
        else await addMembership(trx, channel.id, userId, 'OWNER', now);
        await settleTransfer(trx, transferId, step.to, now);
        await markAnsweredInvitationRead(trx, userId, landing.transfer(transferId), now);
        await logActivity(trx, { channelId: channel.id, action: 'TRANSFER_ACCEPTED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at: now });
        await notify(trx, {
          to: transfer.from_user_id,
          channel: { id: channel.id, name: channel.name },
          type: 'TRANSFER_ACCEPTED',
          params: { actorName: await userName(trx, userId), role: 'MANAGER' },
          landingUrl: landing.channel(channel.id),
          at: now,
        });
        return { channelId: channel.id };
      });
      if ('refused' in outcome) throw new AppError(outcome.refused);
      return outcome;
    },

    async decline(transferId: number, userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const transfer = await lockOwn(trx, transferId, userId);
        const step = transition(transfer.status, 'DECLINE');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError('TRANSFER_NOT_PENDING');
        if (!(await settleTransfer(trx, transferId, step.to, now))) return;
        await markAnsweredInvitationRead(trx, userId, landing.transfer(transferId), now);
        await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at: now });
        const channel = await channelNameAndStatus(trx, transfer.channel_id);
        await notify(trx, {
          to: transfer.from_user_id,
          channel: { id: transfer.channel_id, name: channel.name },
          type: 'TRANSFER_DECLINED',
          params: { actorName: await userName(trx, userId) },
          landingUrl: landing.channelSettings(transfer.channel_id),
          at: now,
        });
      });
    },
  };
}
