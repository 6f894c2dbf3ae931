import type { Insertable } from 'kysely';
import type { MemberRole } from '@studio/contract/enums';
import type { NotificationParams, NotificationType } from '@studio/contract/notification';
import { insertAccount } from '../accounts/account-repository';
import { insertUser } from '../auth/user-repository';
import type { Database, Db } from '../db/schema';
import { insertApplication } from '../modules/channels/application-repository';
import { insertChannel } from '../modules/channels/channel-repository';
import { insertContent } from '../modules/contents/content-repository';
import { insertInviteRow } from '../modules/invites/invite-repository';
import { insertLiveRow } from '../modules/lives/live-repository';
import { insertStreamKeyRow } from '../modules/lives/stream-key-repository';
import { insertMember } from '../modules/members/member-repository';
import { insertNotice } from '../modules/notices/notice-repository';
import { insertNotificationRow } from '../modules/notifications/notification-repository';
import { insertTransferRow } from '../modules/transfers/transfer-repository';

// Factories with overrides: the demo seed and the tests build their worlds with these.
// They hold only defaults; every statement is in the domain's repository.

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
  const profileImageUrl = overrides.profileImageUrl ?? null;
  const accountId = await insertAccount(db, {
    login,
    name,
    password: overrides.password ?? 'demo1234',
    email: overrides.email ?? null,
    profileImageUrl,
  });
  const userId = await insertUser(db, {
    issuer: BUNDLED_ISSUER,
    subject: String(accountId),
    login,
    name,
    profile_image_url: profileImageUrl,
    is_operator: overrides.isOperator ?? false,
  });
  return { accountId, userId, login, name };
}

export async function createChannel(
  db: Db,
  overrides: Omit<Partial<Insertable<Database['channels']>>, 'labels'> & { labels?: { code: string; name: string }[] } = {},
) {
  const { labels, ...rest } = overrides;
  return insertChannel(db, {
    name: unique('channel-'),
    channel_type: 'MEDIA_CHANNEL',
    status: 'SERVICE',
    profile_image_url: null,
    ...rest,
    labels: labels ?? [],
  });
}

export async function addMember(db: Db, channelId: number, userId: number, role: MemberRole) {
  await insertMember(db, channelId, userId, role);
}

export async function createApplication(db: Db, values: Insertable<Database['channel_applications']>) {
  return insertApplication(db, values);
}

export async function createInvite(db: Db, values: Insertable<Database['channel_invites']>) {
  return insertInviteRow(db, values);
}

export async function createTransfer(db: Db, values: Insertable<Database['channel_transfers']>) {
  return insertTransferRow(db, values);
}

/** A notification row as given; without a type it is an operator's free-text message. */
export async function createNotification(
  db: Db,
  values: Omit<Insertable<Database['notifications']>, 'type' | 'params'> & { type?: NotificationType; params?: NotificationParams },
) {
  const { type = 'OPERATOR_MESSAGE', params = {}, ...rest } = values;
  return insertNotificationRow(db, { ...rest, type, params });
}

export async function createNotice(db: Db, values: Insertable<Database['notices']>) {
  return insertNotice(db, values);
}

export async function createContent(db: Db, values: Omit<Insertable<Database['contents']>, 'created_at' | 'updated_at'> & { created_at?: Date }) {
  return insertContent(db, { ...values, created_at: values.created_at ?? new Date() });
}

/** A stream key with a fresh public id and secret unless given. */
export async function createStreamKey(db: Db, values: Omit<Insertable<Database['stream_keys']>, 'kamp_channel_id' | 'secret'> & { kamp_channel_id?: string; secret?: string }) {
  return insertStreamKeyRow(db, values);
}

export async function createLive(db: Db, values: Insertable<Database['lives']>) {
  return insertLiveRow(db, values);
}
