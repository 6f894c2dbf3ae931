import type { Transaction } from 'kysely';
import type { MemberRole } from '@studio/contract/enums';
import type { Member } from '@studio/contract/member';
import type { Database, Db } from '../../db/schema';

export type Executor = Db | Transaction<Database>;

const ROLE_ORDER = { OWNER: 0, MANAGER: 1, CREDIT_MANAGER: 2 } as const satisfies Record<MemberRole, number>;

/** Logins are stored lower-case; the oldest account wins if an issuer ever repeats one. */
export async function findUserByLogin(db: Executor, login: string) {
  return db.selectFrom('users').select(['id', 'login', 'name']).where('login', '=', login.trim().toLowerCase()).orderBy('id').executeTakeFirst();
}

export async function userName(db: Executor, userId: number): Promise<string> {
  return (await userProfile(db, userId)).name;
}

export async function userProfile(db: Executor, userId: number): Promise<{ name: string; profileImageUrl: string | null }> {
  return db.selectFrom('users').select(['name', 'profile_image_url as profileImageUrl']).where('id', '=', userId).executeTakeFirstOrThrow();
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

/** Everyone on a channel's team (bounded: a channel's managers), for notifying them. */
export async function channelMemberIds(db: Executor, channelId: number): Promise<number[]> {
  const rows = await db.selectFrom('channel_members').select('user_id').where('channel_id', '=', channelId).orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/**
 * The people who run a channel's publishing and broadcasts: its owner and managers
 * (credit managers handle revenue only). Who hears of a live or a publication.
 */
export async function channelCrewIds(db: Executor, channelId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('channel_members')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('role', 'in', ['OWNER', 'MANAGER'])
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Locks a channel's memberships so a parallel owner change waits for this transaction. */
export async function lockMemberships(trx: Transaction<Database>, channelId: number): Promise<void> {
  await trx.selectFrom('channel_members').select('user_id').where('channel_id', '=', channelId).forUpdate().execute();
}

export async function addMembership(trx: Transaction<Database>, channelId: number, userId: number, role: MemberRole, at: Date): Promise<void> {
  await trx.insertInto('channel_members').values({ channel_id: channelId, user_id: userId, role, created_at: at }).execute();
}

export async function setRole(trx: Transaction<Database>, channelId: number, userId: number, role: MemberRole): Promise<void> {
  await trx.updateTable('channel_members').set({ role }).where('channel_id', '=', channelId).where('user_id', '=', userId).execute();
}

/**
 * Removes a non-owner membership and answers the role it had, or undefined when
 * there was nothing to remove: of parallel removals exactly one sees the row.
 */
export async function removeNonOwner(trx: Transaction<Database>, channelId: number, userId: number): Promise<MemberRole | undefined> {
  const row = await trx
    .deleteFrom('channel_members')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'OWNER')
    .returning('role')
    .executeTakeFirst();
  return row?.role;
}

export function memberRepository(db: Db) {
  return {
    /** Owner first, then managers, then credit managers; oldest first within a role. Bounded by the channel's team. */
    async members(channelId: number): Promise<Member[]> {
      const rows = await db
        .selectFrom('channel_members')
        .innerJoin('users', 'users.id', 'channel_members.user_id')
        .select(['users.id as userId', 'users.login', 'users.name', 'users.profile_image_url as profileImageUrl', 'channel_members.role', 'channel_members.created_at'])
        .where('channel_members.channel_id', '=', channelId)
        .orderBy('channel_members.created_at')
        .orderBy('users.id')
        .execute();
      return rows
        .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role])
        .map(({ created_at, ...row }) => ({ ...row, since: created_at.toISOString() }));
    },
  };
}

/** A membership without the locking and activity log of the member service: for seeds and tests. */
export async function insertMember(db: Executor, channelId: number, userId: number, role: MemberRole): Promise<void> {
  await db.insertInto('channel_members').values({ channel_id: channelId, user_id: userId, role }).execute();
}
