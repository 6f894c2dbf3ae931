import type { Insertable, Transaction } from 'kysely';
import type { InvitationStatus, MemberRole } from '@studio/contract/enums';
import type { ChannelInvite } from '@studio/contract/member';
import type { Database, Db } from '../../db/schema';
import { inviteDeadline } from './invitation-state';

type Executor = Db | Transaction<Database>;

/**
 * Creates a pending invite with its deadline (owner invites: 30 days). The demo
 * seed, the owner's invite and the operator's channel creation all come through here.
 */
export async function insertInvite(
  db: Executor,
  values: { channelId: number; inviteeId: number; inviterId: number | null; role: MemberRole; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('channel_invites')
    .values({
      channel_id: values.channelId,
      invitee_user_id: values.inviteeId,
      inviter_user_id: values.inviterId,
      role: values.role,
      created_at: values.at,
      expires_at: inviteDeadline(values.role, values.at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findInvite(db: Executor, id: number) {
  return db.selectFrom('channel_invites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The invite, locked until the transaction ends, so parallel answers settle one way. */
export async function lockInvite(trx: Transaction<Database>, inviteId: number) {
  return trx.selectFrom('channel_invites').selectAll().where('id', '=', inviteId).forUpdate().executeTakeFirst();
}

/**
 * Moves a pending invite to `to`. Answers false when it was no longer pending,
 * so a caller's side effects happen only for the one change that took place.
 */
export async function settleInvite(
  trx: Transaction<Database>,
  inviteId: number,
  to: Exclude<InvitationStatus, 'PENDING'>,
  at: Date,
  automatic = false,
): Promise<boolean> {
  const row = await trx
    .updateTable('channel_invites')
    .set({ status: to, responded_at: at, declined_automatically: automatic })
    .where('id', '=', inviteId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Declines every pending invite whose deadline has passed; answers what changed. */
export async function declineDueInvites(trx: Transaction<Database>, now: Date) {
  return trx
    .updateTable('channel_invites')
    .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .returning(['id', 'channel_id', 'invitee_user_id', 'inviter_user_id', 'role'])
    .execute();
}

export function inviteRepository(db: Db) {
  return {
    /** A channel's pending invites, newest first. Bounded: one pending invite per person and channel. */
    async pendingForChannel(channelId: number): Promise<ChannelInvite[]> {
      const rows = await db
        .selectFrom('channel_invites')
        .innerJoin('users', 'users.id', 'channel_invites.invitee_user_id')
        .select(['channel_invites.id', 'users.login', 'users.name', 'channel_invites.role', 'channel_invites.created_at', 'channel_invites.expires_at'])
        .where('channel_invites.channel_id', '=', channelId)
        .where('channel_invites.status', '=', 'PENDING')
        .orderBy('channel_invites.id', 'desc')
        .execute();
      return rows.map(({ created_at, expires_at, ...row }) => ({
        ...row,
        createdAt: created_at.toISOString(),
        expiresAt: expires_at ? expires_at.toISOString() : null,
      }));
    },
  };
}

/**
 * An invite row exactly as given, deadline and status included: for the seeds
 * and tests that need an invite already expired or settled. Studio code uses insertInvite.
 */
export async function insertInviteRow(db: Executor, values: Insertable<Database['channel_invites']>): Promise<number> {
  const row = await db.insertInto('channel_invites').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
