import type { Insertable } from 'kysely';
import type { MemberRole } from '@studio/contract/enums';
import type { NotificationParams, NotificationType } from '@studio/contract/notification';
import { hashPassword } from '../accounts/password';
import type { Database, Db } from '../db/schema';

// Factories with overrides: the demo seed and the tests build their worlds with these.

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The bundled account service's issuer key for studio users (see auth/oidc-client.ts). */
export const BUNDLED_ISSUER = 'bundled';

export type Person = { accountId: number; userId: number; login: string; name: string };

/** An account in the account service and the studio user it signs in as. */
export async function createPerson(
  db: Db,
  overrides: { login?: string; name?: string; password?: string; isOperator?: boolean; profileImageUrl?: string | null; email?: string | null } = {},
): Promise<Person> {
  const login = overrides.login ?? unique('user');
  const name = overrides.name ?? login;
  const account = await db
    .insertInto('account.accounts')
    .values({
      login,
      name,
      password_hash: await hashPassword(overrides.password ?? 'demo1234'),
      email: overrides.email ?? null,
      profile_image_url: overrides.profileImageUrl ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      issuer: BUNDLED_ISSUER,
      subject: String(account.id),
      login,
      name,
      profile_image_url: overrides.profileImageUrl ?? null,
      is_operator: overrides.isOperator ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId: account.id, userId: user.id, login, name };
}

export async function createChannel(
  db: Db,
  overrides: Omit<Partial<Insertable<Database['channels']>>, 'labels'> & { labels?: { code: string; name: string }[] } = {},
) {
  const { labels, ...rest } = overrides;
  const row = await db
    .insertInto('channels')
    .values({
      name: unique('channel-'),
      channel_type: 'MEDIA_CHANNEL',
      status: 'SERVICE',
      profile_image_url: null,
      ...rest,
      labels: JSON.stringify(labels ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addMember(db: Db, channelId: number, userId: number, role: MemberRole) {
  await db.insertInto('channel_members').values({ channel_id: channelId, user_id: userId, role }).execute();
}

export async function createApplication(db: Db, values: Insertable<Database['channel_applications']>) {
  const row = await db.insertInto('channel_applications').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createInvite(db: Db, values: Insertable<Database['channel_invites']>) {
  const row = await db.insertInto('channel_invites').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createTransfer(db: Db, values: Insertable<Database['channel_transfers']>) {
  const row = await db.insertInto('channel_transfers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A notification row as given; without a type it is an operator's free-text message. */
export async function createNotification(
  db: Db,
  values: Omit<Insertable<Database['notifications']>, 'type' | 'params'> & { type?: NotificationType; params?: NotificationParams },
) {
  const { type = 'OPERATOR_MESSAGE', params = {}, ...rest } = values;
  const row = await db
    .insertInto('notifications')
    .values({ ...rest, type, params: JSON.stringify(params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createNotice(db: Db, values: Insertable<Database['notices']>) {
  const row = await db.insertInto('notices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createContent(db: Db, values: Omit<Insertable<Database['contents']>, 'created_at' | 'updated_at'> & { created_at?: Date }) {
  const at = values.created_at ?? new Date();
  const row = await db
    .insertInto('contents')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
