import { OWNER_TRANSFER_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import type { MemberRole } from '@studio/contract/enums';
import type { Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ownerAccess, channelAccess } from '../channels/channel-access';
import { findUserByLogin, logActivity, memberRole, notify } from './member-repository';

const DAY = 86_400_000;
const ROLE_TEXT: Record<MemberRole, string> = { OWNER: '소유자', MANAGER: '매니저', CREDIT_MANAGER: '수익 관리자' };

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505' && 'constraint' in error && error.constraint === constraint;

/** The owner's side of membership: invite, cancel, remove, transfer; and a manager leaving. */
export function memberService(db: Db) {
  return {
    async invite(channelId: number, ownerId: number, login: string, role: 'MANAGER' | 'CREDIT_MANAGER', now: Date) {
      const { channel } = await ownerAccess(db, channelId, ownerId);
      const target = await findUserByLogin(db, login);
      if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login });
      if (target.id === ownerId) throw new AppError('CANNOT_TARGET_SELF');
      if (await memberRole(db, channelId, target.id)) throw new AppError('ALREADY_MEMBER', undefined, { login });
      try {
        return await db.transaction().execute(async (trx) => {
          const invite = await trx
            .insertInto('channel_invites')
            .values({ channel_id: channelId, invitee_user_id: target.id, inviter_user_id: ownerId, role, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await logActivity(trx, { channelId, action: 'INVITE_SENT', actorUserId: ownerId, targetUserId: target.id, role, at: now });
          await notify(trx, {
            userId: target.id,
            channelId,
            message: `${channel.name} 채널의 ${ROLE_TEXT[role]}로 초대되었습니다.`,
            landingUrl: `/studio/profile/alarm#inviteObjectId=${invite.id}`,
            at: now,
          });
          return { inviteId: invite.id };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'channel_invites_one_pending')) throw new AppError('ALREADY_INVITED', undefined, { login });
        throw error;
      }
    },

    async cancelInvite(channelId: number, ownerId: number, inviteId: number, now: Date) {
      await ownerAccess(db, channelId, ownerId);
      await db.transaction().execute(async (trx) => {
        const invite = await trx
          .selectFrom('channel_invites')
          .select(['id', 'status', 'invitee_user_id', 'role'])
          .where('id', '=', inviteId)
          .where('channel_id', '=', channelId)
          .forUpdate()
          .executeTakeFirst();
        if (!invite) throw new AppError('NOT_FOUND', undefined, { resource: 'invite' });
        if (invite.status === 'CANCELLED') return;
        if (invite.status !== 'PENDING') throw new AppError('INVITE_NOT_PENDING');
        await trx.updateTable('channel_invites').set({ status: 'CANCELLED', responded_at: now }).where('id', '=', inviteId).execute();
        await logActivity(trx, { channelId, action: 'INVITE_CANCELLED', actorUserId: ownerId, targetUserId: invite.invitee_user_id, role: invite.role, at: now });
      });
    },

    async remove(channelId: number, ownerId: number, userId: number, now: Date) {
      const { channel } = await ownerAccess(db, channelId, ownerId);
      await db.transaction().execute(async (trx) => {
        const role = await memberRole(trx, channelId, userId);
        if (!role) throw new AppError('MEMBER_NOT_FOUND');
        if (role === 'OWNER') throw new AppError('CANNOT_REMOVE_OWNER');
        await trx.deleteFrom('channel_members').where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
        await logActivity(trx, { channelId, action: 'MEMBER_REMOVED', actorUserId: ownerId, targetUserId: userId, role, at: now });
        await notify(trx, { userId, channelId, message: `${channel.name} 채널의 ${ROLE_TEXT[role]} 권한이 해제되었습니다.`, landingUrl: null, at: now });
      });
    },

    async leave(channelId: number, userId: number, now: Date) {
      const { channel, role } = await channelAccess(db, channelId, userId);
      if (role === 'OWNER') throw new AppError('OWNER_CANNOT_LEAVE');
      await db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('channel_members').where('channel_id', '=', channelId).where('user_id', '=', userId).executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return;
        await logActivity(trx, { channelId, action: 'MEMBER_LEFT', actorUserId: userId, targetUserId: userId, role, at: now });
        const owner = await trx.selectFrom('channel_members').select('user_id').where('channel_id', '=', channelId).where('role', '=', 'OWNER').executeTakeFirst();
        if (owner) {
          const me = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
          await notify(trx, { userId: owner.user_id, channelId, message: `${me.name} 님이 ${channel.name} 채널을 떠났습니다.`, landingUrl: `/studio/channels/${channelId}/settings`, at: now });
        }
      });
    },

    async startTransfer(channelId: number, ownerId: number, login: string, now: Date) {
      const { channel } = await ownerAccess(db, channelId, ownerId);
      const target = await findUserByLogin(db, login);
      if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login });
      if (target.id === ownerId) throw new AppError('CANNOT_TARGET_SELF');
      try {
        return await db.transaction().execute(async (trx) => {
          const transfer = await trx
            .insertInto('channel_transfers')
            .values({
              channel_id: channelId,
              from_user_id: ownerId,
              to_user_id: target.id,
              created_at: now,
              expires_at: new Date(now.getTime() + OWNER_TRANSFER_AUTO_DECLINE_DAYS * DAY),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await logActivity(trx, { channelId, action: 'TRANSFER_STARTED', actorUserId: ownerId, targetUserId: target.id, role: 'OWNER', at: now });
          await notify(trx, {
            userId: target.id,
            channelId,
            message: `${channel.name} 채널의 소유권 이전 요청이 도착했습니다.`,
            landingUrl: `/studio/profile/alarm#transferObjectId=${transfer.id}`,
            at: now,
          });
          return { transferId: transfer.id };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'channel_transfers_one_pending')) throw new AppError('TRANSFER_ALREADY_PENDING');
        throw error;
      }
    },

    async cancelTransfer(channelId: number, ownerId: number, transferId: number, now: Date) {
      await ownerAccess(db, channelId, ownerId);
      await db.transaction().execute(async (trx) => {
        const transfer = await trx
          .selectFrom('channel_transfers')
          .select(['status', 'to_user_id'])
          .where('id', '=', transferId)
          .where('channel_id', '=', channelId)
          .forUpdate()
          .executeTakeFirst();
        if (!transfer) throw new AppError('NOT_FOUND', undefined, { resource: 'transfer' });
        if (transfer.status === 'CANCELLED') return;
        if (transfer.status !== 'PENDING') throw new AppError('TRANSFER_NOT_PENDING');
        await trx.updateTable('channel_transfers').set({ status: 'CANCELLED', responded_at: now }).where('id', '=', transferId).execute();
        await logActivity(trx, { channelId, action: 'TRANSFER_CANCELLED', actorUserId: ownerId, targetUserId: transfer.to_user_id, role: 'OWNER', at: now });
      });
    },
  };
}
