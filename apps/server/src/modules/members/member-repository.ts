import type { Transaction } from 'kysely';
import type { MemberRole } from '@studio/contract/enums';
import { formatKstDate, formatTimeString } from '@studio/contract/format';
import type { ActivityAction } from '@studio/contract/member';
import { toPage } from '@studio/contract/page';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;

export async function findUserByLogin(db: Executor, login: string) {
  return db.selectFrom('users').select(['id', 'login', 'name']).where('login', '=', login.trim().toLowerCase()).orderBy('id').executeTakeFirst();
}

export async function memberRole(db: Executor, channelId: number, userId: number): Promise<MemberRole | undefined> {
  const row = await db
    .selectFrom('channel_members')
    .select('role')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function channelOwner(db: Executor, channelId: number) {
  return db
    .selectFrom('channel_members')
    .innerJoin('users', 'users.id', 'channel_members.user_id')
    .select(['users.id', 'users.name', 'users.profile_image_url as profileImageUrl'])
    .where('channel_members.channel_id', '=', channelId)
    .where('channel_members.role', '=', 'OWNER')
    .executeTakeFirst();
}

export async function logActivity(
  db: Executor,
  entry: { channelId: number; action: ActivityAction; actorUserId: number | null; targetUserId: number | null; role: MemberRole | null; at: Date },
) {
  await db
    .insertInto('channel_activity')
    .values({
      channel_id: entry.channelId,
      action: entry.action,
      actor_user_id: entry.actorUserId,
      target_user_id: entry.targetUserId,
      role: entry.role,
      created_at: entry.at,
    })
    .execute();
}

export async function notify(db: Executor, entry: { userId: number; channelId: number | null; message: string; landingUrl: string | null; at: Date }) {
  await db
    .insertInto('notifications')
    .values({ user_id: entry.userId, channel_id: entry.channelId, message: entry.message, landing_url: entry.landingUrl, image_url: null, created_at: entry.at })
    .execute();
}

export function memberRepository(db: Db) {
  return {
    async members(channelId: number) {
      const rows = await db
        .selectFrom('channel_members')
        .innerJoin('users', 'users.id', 'channel_members.user_id')
        .select(['users.id as userId', 'users.login', 'users.name', 'users.profile_image_url as profileImageUrl', 'channel_members.role', 'channel_members.created_at'])
        .where('channel_members.channel_id', '=', channelId)
        .execute();
      const order = { OWNER: 0, MANAGER: 1, CREDIT_MANAGER: 2 } as const;
      return rows
        .sort((a, b) => order[a.role] - order[b.role] || a.created_at.getTime() - b.created_at.getTime())
        .map(({ created_at, ...row }) => ({ ...row, since: formatKstDate(created_at) }));
    },
    async pendingInvites(channelId: number, now: Date) {
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
        timeString: formatTimeString(created_at, now),
        expiresAt: expires_at ? expires_at.toISOString() : null,
      }));
    },
    async pendingTransfers(channelId: number, now: Date) {
      const rows = await db
        .selectFrom('channel_transfers')
        .innerJoin('users', 'users.id', 'channel_transfers.to_user_id')
        .select(['channel_transfers.id', 'users.login', 'users.name', 'channel_transfers.created_at', 'channel_transfers.expires_at'])
        .where('channel_transfers.channel_id', '=', channelId)
        .where('channel_transfers.status', '=', 'PENDING')
        .orderBy('channel_transfers.id', 'desc')
        .execute();
      return rows.map(({ created_at, expires_at, ...row }) => ({ ...row, timeString: formatTimeString(created_at, now), expiresAt: expires_at.toISOString() }));
    },
    async activity(channelId: number, page: number, size: number, now: Date) {
      const base = db.selectFrom('channel_activity').where('channel_activity.channel_id', '=', channelId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('users as actor', 'actor.id', 'channel_activity.actor_user_id')
          .leftJoin('users as target', 'target.id', 'channel_activity.target_user_id')
          .select([
            'channel_activity.id',
            'channel_activity.action',
            'channel_activity.role',
            'channel_activity.created_at',
            'actor.name as actorName',
            'target.name as targetName',
          ])
          .orderBy('channel_activity.created_at', 'desc')
          .orderBy('channel_activity.id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map(({ created_at, ...row }) => ({ ...row, timeString: formatTimeString(created_at, now) })),
        Number(total.count),
        page,
        size,
      );
    },
  };
}
