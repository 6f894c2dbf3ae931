import type { Insertable, Transaction } from 'kysely';
import type { MemberRole } from '@studio/contract/enums';
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
