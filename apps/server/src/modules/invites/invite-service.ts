import type { Transaction } from 'kysely';
import type { ChannelInvite, InviteDetail } from '@studio/contract/member';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus } from '../channels/channel-repository';
import { logActivity } from '../members/activity-repository';
import { addMembership, channelMemberIds, channelOwner, findUserByLogin, memberRole, setRole, userName } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { insertInvite, inviteRepository } from './invite-repository';
import { pendingOffer } from './pending-offer';
import { isUniqueViolation } from '../../db/database';

type Trx = Transaction<Database>;

/**
 * Owner and manager invites: the invitee answers. Accepting makes the invitee a member with the
 * invited role (an owner invite no longer stands once the channel found another owner); the inviter
 * and the rest of the team are told.
 */
const invites = pendingOffer({
  table: 'channel_invites',
  resource: 'invite',
  unauthorized: 'INVITE_UNAUTHORIZED',
  notPending: 'INVITE_NOT_PENDING',
  recipientOf: (invite) => invite.invitee_user_id,
  landing: landing.invite,

  async stillStands(trx, invite, userId) {
    if (invite.role !== 'OWNER') return true;
    const owner = await channelOwner(trx, invite.channel_id);
    // The channel found an owner since: this invitation no longer stands.
    return !owner || owner.id === userId;
  },

  async join(trx, invite, userId, at) {
    const current = await memberRole(trx, invite.channel_id, userId);
    if (!current) await addMembership(trx, invite.channel_id, userId, invite.role, at);
    else if (invite.role === 'OWNER' && current !== 'OWNER') await setRole(trx, invite.channel_id, userId, 'OWNER');
  },

  async accepted(trx, invite, channel, userId, at) {
    await logActivity(trx, { channelId: channel.id, action: 'INVITE_ACCEPTED', actorUserId: userId, targetUserId: userId, role: invite.role, at });
    const actorName = await userName(trx, userId);
    const inviter = invite.inviter_user_id !== null && invite.inviter_user_id !== userId ? invite.inviter_user_id : null;
    if (inviter !== null) {
      await notify(trx, { to: inviter, channel, type: 'INVITE_ACCEPTED', params: { actorName, role: invite.role }, landingUrl: landing.channel(channel.id), at });
    }
    // The rest of the team learns who joined (the inviter was just told, the newcomer knows).
    const team = (await channelMemberIds(trx, channel.id)).filter((id) => id !== userId && id !== inviter);
    await notify(trx, { to: team, channel, type: 'MEMBER_ADDED', params: { actorName, role: invite.role }, landingUrl: landing.channelSettings(channel.id), at });
  },

  async declined(trx, invite, userId, at) {
    await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: userId, targetUserId: userId, role: invite.role, at });
    if (invite.inviter_user_id !== null && invite.inviter_user_id !== userId) {
      const channel = await channelNameAndStatus(trx, invite.channel_id);
      await notify(trx, {
        to: invite.inviter_user_id,
        channel: { id: invite.channel_id, name: channel.name },
        type: 'INVITE_DECLINED',
        params: { actorName: await userName(trx, userId), role: invite.role },
        landingUrl: landing.channelSettings(invite.channel_id),
        at,
      });
    }
  },

  async cancelled(trx, invite, ownerId, at) {
    await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_CANCELLED', actorUserId: ownerId, targetUserId: invite.invitee_user_id, role: invite.role, at });
    const channel = await channelNameAndStatus(trx, invite.channel_id);
    await notify(trx, {
      to: invite.invitee_user_id,
      channel: { id: invite.channel_id, name: channel.name },
      type: 'INVITE_CANCELLED',
      params: { role: invite.role },
      landingUrl: null,
      at,
    });
  },

  /** Declined by its deadline: the invitee and whoever sent it are told. */
  async expired(trx, invite, at) {
    await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: null, targetUserId: invite.invitee_user_id, role: invite.role, at });
    const channel = await channelNameAndStatus(trx, invite.channel_id);
    const about = { id: invite.channel_id, name: channel.name };
    await notify(trx, { to: invite.invitee_user_id, channel: about, type: 'INVITE_EXPIRED', params: { role: invite.role }, landingUrl: null, at });
    if (invite.inviter_user_id !== null && invite.inviter_user_id !== invite.invitee_user_id) {
      await notify(trx, {
        to: invite.inviter_user_id,
        channel: about,
        type: 'INVITE_EXPIRED',
        params: { role: invite.role, actorName: await userName(trx, invite.invitee_user_id) },
        landingUrl: landing.channelSettings(invite.channel_id),
        at,
      });
    }
  },
});

/** Spec section 4: owner invites unanswered for 30 days are declined automatically. */
export async function declineExpiredInvites(trx: Trx, now: Date): Promise<number> {
  return invites.declineExpired(trx, now);
}

/**
 * Invites: the owner sends and cancels; the invitee loads, accepts or declines.
 * An invite is valid only for the account it was sent to, only while pending
 * and before its deadline, and accepting needs the channel in SERVICE.
 * Accepting twice answers the same channel; declining twice changes nothing.
 */
export function inviteService(db: Db) {
  const repository = inviteRepository(db);

  return {
    /** A channel's pending invites, newest first. */
    pendingForChannel: (channelId: number): Promise<ChannelInvite[]> => repository.pendingForChannel(channelId),

    async invite(channel: ChannelRow, ownerId: number, login: string, role: 'MANAGER' | 'CREDIT_MANAGER', now: Date): Promise<{ inviteId: number }> {
      const target = await findUserByLogin(db, login);
      if (!target) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { login });
      if (target.id === ownerId) throw new AppError('CANNOT_TARGET_SELF');
      if (await memberRole(db, channel.id, target.id)) throw new AppError('ALREADY_MEMBER', undefined, { login });
      try {
        return await db.transaction().execute(async (trx) => {
          const inviteId = await insertInvite(trx, { channelId: channel.id, inviteeId: target.id, inviterId: ownerId, role, at: now });
          await logActivity(trx, { channelId: channel.id, action: 'INVITE_SENT', actorUserId: ownerId, targetUserId: target.id, role, at: now });
          await notify(trx, { to: target.id, channel, type: 'INVITE_RECEIVED', params: { role }, landingUrl: landing.invite(inviteId), at: now });
          return { inviteId };
        });
      } catch (error) {
        // The partial unique index holds one pending invite per person and channel, also under parallel requests.
        if (isUniqueViolation(error, 'channel_invites_one_pending')) throw new AppError('ALREADY_INVITED', undefined, { login });
        throw error;
      }
    },

    async cancel(channelId: number, ownerId: number, inviteId: number, now: Date): Promise<void> {
      await invites.cancel(db, channelId, ownerId, inviteId, now);
    },

    async detail(inviteId: number, userId: number, now: Date): Promise<InviteDetail> {
      const invite = await invites.findOwnPending(db, inviteId, userId, now);
      const [channel, owner] = await Promise.all([channelNameAndStatus(db, invite.channel_id), channelOwner(db, invite.channel_id)]);
      return {
        ownerProfileImageUrl: owner?.profileImageUrl ?? null,
        ownerProfileName: owner?.name ?? null,
        channelName: channel.name,
        channelManagementType: invite.role === 'OWNER' ? 'OWNER' : 'MANAGER',
      };
    },

    async accept(inviteId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      return invites.accept(db, inviteId, userId, now);
    },

    async decline(inviteId: number, userId: number, now: Date): Promise<void> {
      await invites.decline(db, inviteId, userId, now);
    },
  };
}
