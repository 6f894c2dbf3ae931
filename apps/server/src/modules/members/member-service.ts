import type { ChannelRow, Db } from '../../db/schema';
import type { MemberRole } from '@studio/contract/enums';
import { AppError } from '../../lib/errors';
import { landing, notify } from '../notifications/notification-producer';
import { activityRepository, logActivity } from './activity-repository';
import { channelOwner, memberRepository, memberRole, removeNonOwner, userName } from './member-repository';

/**
 * A channel's team and its activity log. Leaving the team: the owner removes
 * a manager, or a manager leaves.
 * The delete decides: of parallel calls only the one that removed the row
 * writes the activity entry and the notification; the others answer
 * MEMBER_NOT_FOUND, as a later repeat would.
 */
export function memberService(db: Db) {
  const members = memberRepository(db);
  const activity = activityRepository(db);
  return {
    /** The channel's team, owner first. */
    members: (channelId: number) => members.members(channelId),

    /** The channel's role activity log, newest first. */
    activity: (channelId: number, page: number, size: number) => activity.page(channelId, page, size),

    async remove(channel: ChannelRow, ownerId: number, userId: number, now: Date): Promise<void> {
      const outcome = await db.transaction().execute(async (trx): Promise<MemberRole | 'owner' | 'missing'> => {
        const role = await removeNonOwner(trx, channel.id, userId);
        if (!role) return (await memberRole(trx, channel.id, userId)) === 'OWNER' ? 'owner' : 'missing';
        await logActivity(trx, { channelId: channel.id, action: 'MEMBER_REMOVED', actorUserId: ownerId, targetUserId: userId, role, at: now });
        await notify(trx, { to: userId, channel, type: 'MEMBER_REMOVED', params: { role }, landingUrl: null, at: now });
        return role;
      });
      if (outcome === 'owner') throw new AppError('CANNOT_REMOVE_OWNER');
      if (outcome === 'missing') throw new AppError('MEMBER_NOT_FOUND');
    },

    async leave(channel: ChannelRow, role: MemberRole, userId: number, now: Date): Promise<void> {
      if (role === 'OWNER') throw new AppError('OWNER_CANNOT_LEAVE');
      await db.transaction().execute(async (trx) => {
        const removed = await removeNonOwner(trx, channel.id, userId);
        // Became owner meanwhile, or a parallel call already left.
        if (!removed) throw new AppError((await memberRole(trx, channel.id, userId)) === 'OWNER' ? 'OWNER_CANNOT_LEAVE' : 'MEMBER_NOT_FOUND');
        await logActivity(trx, { channelId: channel.id, action: 'MEMBER_LEFT', actorUserId: userId, targetUserId: userId, role: removed, at: now });
        const owner = await channelOwner(trx, channel.id);
        if (owner) {
          await notify(trx, {
            to: owner.id,
            channel,
            type: 'MEMBER_LEFT',
            params: { actorName: await userName(trx, userId), role: removed },
            landingUrl: landing.channelSettings(channel.id),
            at: now,
          });
        }
      });
    },
  };
}
