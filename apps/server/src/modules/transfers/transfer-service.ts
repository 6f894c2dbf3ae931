import type { Transaction } from 'kysely';
import type { ChannelTransfer, TransferDetail } from '@studio/contract/member';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus } from '../channels/channel-repository';
import { pendingOffer } from '../invites/pending-offer';
import { logActivity } from '../members/activity-repository';
import { addMembership, channelOwner, findUserByLogin, memberRole, setRole, userName, userProfile } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { insertTransfer, transferRepository } from './transfer-repository';
import { isUniqueViolation } from '../../db/database';

type Trx = Transaction<Database>;

/**
 * Ownership transfers: the recipient answers. One owner at every instant: accepting demotes the old
 * owner to manager before the new one is made owner; a transfer whose sender is no longer the owner
 * no longer stands.
 */
const transfers = pendingOffer({
  table: 'channel_transfers',
  resource: 'transfer',
  unauthorized: 'TRANSFER_UNAUTHORIZED',
  notPending: 'TRANSFER_NOT_PENDING',
  recipientOf: (transfer) => transfer.to_user_id,
  landing: landing.transfer,

  async stillStands(trx, transfer) {
    // Whoever started it is no longer the owner: the request no longer stands.
    const owner = await channelOwner(trx, transfer.channel_id);
    return owner?.id === transfer.from_user_id;
  },

  async join(trx, transfer, userId, at) {
    // One owner at every instant: the old owner steps down to manager first.
    await setRole(trx, transfer.channel_id, transfer.from_user_id, 'MANAGER');
    if (await memberRole(trx, transfer.channel_id, userId)) await setRole(trx, transfer.channel_id, userId, 'OWNER');
    else await addMembership(trx, transfer.channel_id, userId, 'OWNER', at);
  },

  async accepted(trx, transfer, channel, userId, at) {
    await logActivity(trx, { channelId: channel.id, action: 'TRANSFER_ACCEPTED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at });
    await notify(trx, {
      to: transfer.from_user_id,
      channel,
      type: 'TRANSFER_ACCEPTED',
      params: { actorName: await userName(trx, userId), role: 'MANAGER' },
      landingUrl: landing.channel(channel.id),
      at,
    });
  },

  async declined(trx, transfer, userId, at) {
    await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at });
    const channel = await channelNameAndStatus(trx, transfer.channel_id);
    await notify(trx, {
      to: transfer.from_user_id,
      channel: { id: transfer.channel_id, name: channel.name },
      type: 'TRANSFER_DECLINED',
      params: { actorName: await userName(trx, userId) },
      landingUrl: landing.channelSettings(transfer.channel_id),
      at,
    });
  },

  async cancelled(trx, transfer, ownerId, at) {
    await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_CANCELLED', actorUserId: ownerId, targetUserId: transfer.to_user_id, role: 'OWNER', at });
  },

  /** Declined by its deadline: the owner who started it and its recipient are told. */
  async expired(trx, transfer, at) {
    await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: null, targetUserId: transfer.to_user_id, role: 'OWNER', at });
    const channel = await channelNameAndStatus(trx, transfer.channel_id);
    const about = { id: transfer.channel_id, name: channel.name };
    await notify(trx, { to: transfer.from_user_id, channel: about, type: 'TRANSFER_EXPIRED', landingUrl: landing.channelSettings(transfer.channel_id), at });
    await notify(trx, { to: transfer.to_user_id, channel: about, type: 'TRANSFER_EXPIRED', landingUrl: null, at });
  },
});

/** Spec section 4: ownership transfers unanswered for 7 days are declined automatically. */
export async function declineExpiredTransfers(trx: Trx, now: Date): Promise<number> {
  return transfers.declineExpired(trx, now);
}

/**
 * Ownership transfers: the owner starts and cancels; the recipient loads,
 * accepts or declines. One owner at every instant: accepting demotes the old
 * owner to manager before the new one is made owner, under a lock on the
 * channel's memberships.
 */
export function transferService(db: Db) {
  const repository = transferRepository(db);

  return {
    /** A channel's pending transfer (at most one), as a list. */
    pendingForChannel: (channelId: number): Promise<ChannelTransfer[]> => repository.pendingForChannel(channelId),

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
      await transfers.cancel(db, channelId, ownerId, transferId, now);
    },

    async detail(transferId: number, userId: number, now: Date): Promise<TransferDetail> {
      const transfer = await transfers.findOwnPending(db, transferId, userId, now);
      const [channel, oldOwner] = await Promise.all([
        channelNameAndStatus(db, transfer.channel_id),
        userProfile(db, transfer.from_user_id),
      ]);
      return { oldOwnerProfileImageUrl: oldOwner.profileImageUrl, oldOwnerProfileName: oldOwner.name, channelName: channel.name };
    },

    async accept(transferId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      return transfers.accept(db, transferId, userId, now);
    },

    async decline(transferId: number, userId: number, now: Date): Promise<void> {
      await transfers.decline(db, transferId, userId, now);
    },
  };
}
