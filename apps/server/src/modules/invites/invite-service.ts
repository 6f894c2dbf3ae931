import type { Transaction } from 'kysely';
import type { InviteDetail } from '@studio/contract/member';
import type { ChannelRow, Database, Db } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { channelNameAndStatus } from '../channels/channel-repository';
import { logActivity } from '../members/activity-repository';
import { addMembership, channelMemberIds, channelOwner, findUserByLogin, lockMemberships, memberRole, setRole, userName } from '../members/member-repository';
import { landing, notify } from '../notifications/notification-producer';
import { markAnsweredInvitationRead } from '../notifications/notification-repository';
import { isPastDeadline, transition } from './invitation-state';
import { declineDueInvites, findInvite, insertInvite, lockInvite, settleInvite } from './invite-repository';
import { isUniqueViolation } from '../../db/database';

type Trx = Transaction<Database>;
type InviteRow = NonNullable<Awaited<ReturnType<typeof lockInvite>>>;

/**
 * An invite past its deadline is declined automatically, wherever that is noticed first;
 * the invitee and whoever sent it are told.
 */
async function expireInvite(
  trx: Trx,
  invite: Pick<InviteRow, 'id' | 'channel_id' | 'invitee_user_id' | 'inviter_user_id' | 'role'>,
  now: Date,
  alreadySettled = false,
) {
  if (!alreadySettled && !(await settleInvite(trx, invite.id, 'DECLINED', now, true))) return;
  await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: null, targetUserId: invite.invitee_user_id, role: invite.role, at: now });
  const channel = await channelNameAndStatus(trx, invite.channel_id);
  const about = { id: invite.channel_id, name: channel.name };
  await notify(trx, { to: invite.invitee_user_id, channel: about, type: 'INVITE_EXPIRED', params: { role: invite.role }, landingUrl: null, at: now });
  if (invite.inviter_user_id !== null && invite.inviter_user_id !== invite.invitee_user_id) {
    await notify(trx, {
      to: invite.inviter_user_id,
      channel: about,
      type: 'INVITE_EXPIRED',
      params: { role: invite.role, actorName: await userName(trx, invite.invitee_user_id) },
      landingUrl: landing.channelSettings(invite.channel_id),
      at: now,
    });
  }
}

/** Spec section 4: owner invites unanswered for 30 days are declined automatically. */
export async function declineExpiredInvites(trx: Trx, now: Date): Promise<number> {
  const declined = await declineDueInvites(trx, now);
  for (const invite of declined) await expireInvite(trx, invite, now, true);
  return declined.length;
}

/**
 * Invites: the owner sends and cancels; the invitee loads, accepts or declines.
 * An invite is valid only for the account it was sent to, only while pending
 * and before its deadline, and accepting needs the channel in SERVICE.
 * Accepting twice answers the same channel; declining twice changes nothing.
 */
export function inviteService(db: Db) {
  async function lockOwn(trx: Trx, inviteId: number, userId: number): Promise<InviteRow> {
    const invite = await lockInvite(trx, inviteId);
    if (!invite) throw new AppError('NOT_FOUND', undefined, { resource: 'invite' });
    if (invite.invitee_user_id !== userId) throw new AppError('INVITE_UNAUTHORIZED');
    return invite;
  }

  return {
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
      await db.transaction().execute(async (trx) => {
        const invite = await lockInvite(trx, inviteId);
        if (!invite || invite.channel_id !== channelId) throw new AppError('NOT_FOUND', undefined, { resource: 'invite' });
        const step = transition(invite.status, 'CANCEL');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError('INVITE_NOT_PENDING');
        if (!(await settleInvite(trx, inviteId, step.to, now))) return;
        await logActivity(trx, { channelId, action: 'INVITE_CANCELLED', actorUserId: ownerId, targetUserId: invite.invitee_user_id, role: invite.role, at: now });
        const channel = await channelNameAndStatus(trx, channelId);
        await notify(trx, {
          to: invite.invitee_user_id,
          channel: { id: channelId, name: channel.name },
          type: 'INVITE_CANCELLED',
          params: { role: invite.role },
          landingUrl: null,
          at: now,
        });
      });
    },

    async detail(inviteId: number, userId: number, now: Date): Promise<InviteDetail> {
      const invite = await findInvite(db, inviteId);
      if (!invite) throw new AppError('NOT_FOUND', undefined, { resource: 'invite' });
      if (invite.invitee_user_id !== userId) throw new AppError('INVITE_UNAUTHORIZED');
      if (invite.status !== 'PENDING' || isPastDeadline(invite.expires_at, now)) throw new AppError('INVITE_NOT_PENDING');
      const [channel, owner] = await Promise.all([channelNameAndStatus(db, invite.channel_id), channelOwner(db, invite.channel_id)]);
      return {
        ownerProfileImageUrl: owner?.profileImageUrl ?? null,
        ownerProfileName: owner?.name ?? null,
        channelName: channel.name,
        channelManagementType: invite.role === 'OWNER' ? 'OWNER' : 'MANAGER',
      };
    },

    async accept(inviteId: number, userId: number, now: Date): Promise<{ channelId: number }> {
      // Refusals that changed something (an automatic decline, a cancel) commit first, then answer.
      const outcome = await db.transaction().execute(async (trx): Promise<{ channelId: number } | { refused: 'INVITE_NOT_PENDING' }> => {
        const invite = await lockOwn(trx, inviteId, userId);
        const step = transition(invite.status, 'ACCEPT');
        if (step.kind === 'repeat') return { channelId: invite.channel_id };
        if (step.kind === 'refuse') return { refused: 'INVITE_NOT_PENDING' };
        if (isPastDeadline(invite.expires_at, now)) {
          await expireInvite(trx, invite, now);
          return { refused: 'INVITE_NOT_PENDING' };
        }
        const channel = await channelNameAndStatus(trx, invite.channel_id);
        if (channel.status !== 'SERVICE') throw new AppError('CHANNEL_NOT_SERVICE');
        await lockMemberships(trx, channel.id);
        if (invite.role === 'OWNER') {
          const owner = await channelOwner(trx, channel.id);
          if (owner && owner.id !== userId) {
            // The channel found an owner since: this invitation no longer stands.
            await settleInvite(trx, inviteId, 'CANCELLED', now);
            return { refused: 'INVITE_NOT_PENDING' };
          }
        }
        const current = await memberRole(trx, channel.id, userId);
        if (!current) await addMembership(trx, channel.id, userId, invite.role, now);
        else if (invite.role === 'OWNER' && current !== 'OWNER') await setRole(trx, channel.id, userId, 'OWNER');
        await settleInvite(trx, inviteId, step.to, now);
        await markAnsweredInvitationRead(trx, userId, landing.invite(inviteId), now);
        await logActivity(trx, { channelId: channel.id, action: 'INVITE_ACCEPTED', actorUserId: userId, targetUserId: userId, role: invite.role, at: now });
        const about = { id: channel.id, name: channel.name };
        const actorName = await userName(trx, userId);
        const inviter = invite.inviter_user_id !== null && invite.inviter_user_id !== userId ? invite.inviter_user_id : null;
        if (inviter !== null) {
          await notify(trx, { to: inviter, channel: about, type: 'INVITE_ACCEPTED', params: { actorName, role: invite.role }, landingUrl: landing.channel(channel.id), at: now });
        }
        // The rest of the team learns who joined (the inviter was just told, the newcomer knows).
        const team = (await channelMemberIds(trx, channel.id)).filter((id) => id !== userId && id !== inviter);
        await notify(trx, { to: team, channel: about, type: 'MEMBER_ADDED', params: { actorName, role: invite.role }, landingUrl: landing.channelSettings(channel.id), at: now });
        return { channelId: channel.id };
      });
      if ('refused' in outcome) throw new AppError(outcome.refused);
      return outcome;
    },

    async decline(inviteId: number, userId: number, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const invite = await lockOwn(trx, inviteId, userId);
        const step = transition(invite.status, 'DECLINE');
        if (step.kind === 'repeat') return;
        if (step.kind === 'refuse') throw new AppError('INVITE_NOT_PENDING');
        if (!(await settleInvite(trx, inviteId, step.to, now))) return;
        await markAnsweredInvitationRead(trx, userId, landing.invite(inviteId), now);
        await logActivity(trx, { channelId: invite.channel_id, action: 'INVITE_DECLINED', actorUserId: userId, targetUserId: userId, role: invite.role, at: now });
        if (invite.inviter_user_id !== null && invite.inviter_user_id !== userId) {
          const channel = await channelNameAndStatus(trx, invite.channel_id);
          await notify(trx, {
            to: invite.inviter_user_id,
            channel: { id: invite.channel_id, name: channel.name },
            type: 'INVITE_DECLINED',
            params: { actorName: await userName(trx, userId), role: invite.role },
            landingUrl: landing.channelSettings(invite.channel_id),
            at: now,
          });
        }
      });
    },
  };
}
