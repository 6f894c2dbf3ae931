import type { Transaction } from 'kysely';
import type { InviteDetail, TransferDetail } from '@studio/contract/member';
import type { Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelOwner, logActivity, memberRole, notify } from './member-repository';

type Trx = Transaction<Database>;

/**
 * The invitee's side: an invite or a transfer is valid only for the account it
 * was sent to, only while pending and unexpired, and accepting needs the
 * channel in SERVICE. Accepting twice answers the same channel; declining twice
 * is a no-op. Rows are locked so parallel answers settle one way.
 */
export function invitationService(db: Db) {
  async function lockInvite(trx: Trx, inviteId: number, userId: number) {
    const invite = await trx.selectFrom('channel_invites').selectAll().where('id', '=', inviteId).forUpdate().executeTakeFirst();
    if (!invite) throw new AppError('NOT_FOUND', undefined, { resource: 'invite' });
    if (invite.invitee_user_id !== userId) throw new AppError('INVITE_UNAUTHORIZED');
    return invite;
  }

  async function lockTransfer(trx: Trx, transferId: number, userId: number) {
    const transfer = await trx.selectFrom('channel_transfers').selectAll().where('id', '=', transferId).forUpdate().executeTakeFirst();
    if (!transfer) throw new AppError('NOT_FOUND', undefined, { resource: 'transfer' });
    if (transfer.to_user_id !== userId) throw new AppError('TRANSFER_UNAUTHORIZED');
    return transfer;
  }

  const channelOf = (trx: Db | Trx, channelId: number) =>
    trx.selectFrom('channels').select(['id', 'name', 'status']).where('id', '=', channelId).executeTakeFirstOrThrow();

  const expired = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() <= now.getTime();

  return {
    async inviteDetail(inviteId: number, userId: number, now: Date): Promise<InviteDetail> {
      return db.transaction().execute(async (trx) => {
        const invite = await lockInvite(trx, inviteId, userId);
        if (invite.status !== 'PENDING' || expired(invite.expires_at, now)) throw new AppError('INVITE_NOT_PENDING');
        const channel = await channelOf(trx, invite.channel_id);
        const owner = await channelOwner(trx, invite.channel_id);
        return {
          ownerProfileImageUrl: owner?.profileImageUrl ?? null,
          ownerProfileName: owner?.name ?? null,
          channelName: channel.name,
          channelManagementType: invite.role === 'OWNER' ? 'OWNER' : 'MANAGER',
        };
      });
    },

    async acceptInvite(inviteId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      return db.transaction().execute(async (trx) => {
        const invite = await lockInvite(trx, inviteId, userId);
        if (invite.status === 'ACCEPTED') return { channelId: invite.channel_id };
        if (invite.status !== 'PENDING') throw new AppError('INVITE_NOT_PENDING');
        if (expired(invite.expires_at, now)) {
          await trx
            .updateTable('channel_invites')
            .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
            .where('id', '=', inviteId)
            .execute();
          throw new AppError('INVITE_NOT_PENDING');
        }
        const channel = await channelOf(trx, invite.channel_id);
        if (channel.status !== 'SERVICE') throw new AppError('CHANNEL_NOT_SERVICE');
        // Lock the channel's memberships so a parallel owner change waits.
        await trx.selectFrom('channel_members').select('user_id').where('channel_id', '=', channel.id).forUpdate().execute();
        const current = await memberRole(trx, channel.id, userId);
        if (invite.role === 'OWNER') {
          const owner = await channelOwner(trx, channel.id);
          if (owner && owner.id !== userId) {
            // The channel found an owner since: this invitation no longer stands.
            await trx.updateTable('channel_invites').set({ status: 'CANCELLED', responded_at: now }).where('id', '=', inviteId).execute();
            throw new AppError('INVITE_NOT_PENDING');
          }
        }
        if (!current) {
          await trx.insertInto('channel_members').values({ channel_id: channel.id, user_id: userId, role: invite.role, created_at: now }).execute();
        } else if (invite.role === 'OWNER' && current !== 'OWNER') {
          await trx.updateTable('channel_members').set({ role: 'OWNER' }).where('channel_id', '=', channel.id).where('user_id', '=', userId).execute();
        }
        await trx.updateTable('channel_invites').set({ status: 'ACCEPTED', responded_at: now }).where('id', '=', inviteId).execute();
        await logActivity(trx, { channelId: channel.id, action: 'INVITE_ACCEPTED', actorUserId: userId, targetUserId: userId, role: invite.role, at: now });
        if (invite.inviter_user_id && invite.inviter_user_id !== userId) {
          const me = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
          await notify(trx, {
            userId: invite.inviter_user_id,
            channelId: channel.id,
            message: `${me.name} 님이 ${channel.name} 채널 초대를 수락했습니다.`,
            landingUrl: `/studio/channels/${channel.id}`,
            at: now,
          });
        }
        return { channelId: channel.id };
      });
    },

    async declineInvite(inviteId: number, userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const invite = await lockInvite(trx, inviteId, userId);
        if (invite.status === 'DECLINED' || invite.status === 'CANCELLED' || invite.status === 'EXPIRED') return;
        if (invite.status === 'ACCEPTED') throw new AppError('INVITE_NOT_PENDING');
        await trx.updateTable('channel_invites').set({ status: 'DECLINED', responded_at: now }).where('id', '=', inviteId).execute();
        await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: userId, targetUserId: userId, role: invite.role, at: now });
      });
    },

    async transferDetail(transferId: number, userId: number, now: Date): Promise<TransferDetail> {
      return db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, transferId, userId);
        if (transfer.status !== 'PENDING' || expired(transfer.expires_at, now)) throw new AppError('TRANSFER_NOT_PENDING');
        const channel = await channelOf(trx, transfer.channel_id);
        const oldOwner = await trx
          .selectFrom('users')
          .select(['name', 'profile_image_url'])
          .where('id', '=', transfer.from_user_id)
          .executeTakeFirstOrThrow();
        return { oldOwnerProfileImageUrl: oldOwner.profile_image_url, oldOwnerProfileName: oldOwner.name, channelName: channel.name };
      });
    },

    async acceptTransfer(transferId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      return db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, transferId, userId);
        if (transfer.status === 'ACCEPTED') return { channelId: transfer.channel_id };
        if (transfer.status !== 'PENDING') throw new AppError('TRANSFER_NOT_PENDING');
        if (expired(transfer.expires_at, now)) {
          await trx
            .updateTable('channel_transfers')
            .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
            .where('id', '=', transferId)
            .execute();
          throw new AppError('TRANSFER_NOT_PENDING');
        }
        const channel = await channelOf(trx, transfer.channel_id);
        if (channel.status !== 'SERVICE') throw new AppError('CHANNEL_NOT_SERVICE');
        await trx.selectFrom('channel_members').select('user_id').where('channel_id', '=', channel.id).forUpdate().execute();
        const owner = await channelOwner(trx, channel.id);
        if (owner?.id !== transfer.from_user_id) {
          await trx.updateTable('channel_transfers').set({ status: 'CANCELLED', responded_at: now }).where('id', '=', transferId).execute();
          throw new AppError('TRANSFER_NOT_PENDING');
        }
        // One owner at every instant: the old owner steps down to manager first.
        await trx.updateTable('channel_members').set({ role: 'MANAGER' }).where('channel_id', '=', channel.id).where('user_id', '=', transfer.from_user_id).execute();
        const current = await memberRole(trx, channel.id, userId);
        if (current) {
          await trx.updateTable('channel_members').set({ role: 'OWNER' }).where('channel_id', '=', channel.id).where('user_id', '=', userId).execute();
        } else {
          await trx.insertInto('channel_members').values({ channel_id: channel.id, user_id: userId, role: 'OWNER', created_at: now }).execute();
        }
        await trx.updateTable('channel_transfers').set({ status: 'ACCEPTED', responded_at: now }).where('id', '=', transferId).execute();
        await logActivity(trx, { channelId: channel.id, action: 'TRANSFER_ACCEPTED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at: now });
        const me = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
        await notify(trx, {
          userId: transfer.from_user_id,
          channelId: channel.id,
          message: `${me.name} 님이 ${channel.name} 채널의 소유권 이전을 수락했습니다. 이제 매니저로 참여합니다.`,
          landingUrl: `/studio/channels/${channel.id}`,
          at: now,
        });
        return { channelId: channel.id };
      });
    },

    async declineTransfer(transferId: number, userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, transferId, userId);
        if (transfer.status === 'DECLINED' || transfer.status === 'CANCELLED' || transfer.status === 'EXPIRED') return;
        if (transfer.status === 'ACCEPTED') throw new AppError('TRANSFER_NOT_PENDING');
        await trx.updateTable('channel_transfers').set({ status: 'DECLINED', responded_at: now }).where('id', '=', transferId).execute();
        await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: userId, targetUserId: transfer.from_user_id, role: 'OWNER', at: now });
      });
    },
  };
}

/**
 * Spec section 4: an owner invite unanswered for 30 days and an owner transfer
 * unanswered for 7 days are declined automatically. Idempotent; run on a timer.
 */
export async function declineExpired(db: Db, now: Date): Promise<{ invites: number; transfers: number }> {
  return db.transaction().execute(async (trx) => {
    const invites = await trx
      .updateTable('channel_invites')
      .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
      .where('status', '=', 'PENDING')
      .where('expires_at', '<=', now)
      .returning(['channel_id', 'invitee_user_id', 'role'])
      .execute();
    for (const invite of invites) {
      await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: null, targetUserId: invite.invitee_user_id, role: invite.role, at: now });
    }
    const transfers = await trx
      .updateTable('channel_transfers')
      .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
      .where('status', '=', 'PENDING')
      .where('expires_at', '<=', now)
      .returning(['channel_id', 'to_user_id', 'from_user_id'])
      .execute();
    for (const transfer of transfers) {
      await logActivity(trx, { channelId: transfer.channel_id, action: 'TRANSFER_DECLINED', actorUserId: null, targetUserId: transfer.to_user_id, role: 'OWNER', at: now });
      await notify(trx, {
        userId: transfer.from_user_id,
        channelId: transfer.channel_id,
        message: '소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.',
        landingUrl: `/studio/channels/${transfer.channel_id}/settings`,
        at: now,
      });
    }
    return { invites: invites.length, transfers: transfers.length };
  });
}
