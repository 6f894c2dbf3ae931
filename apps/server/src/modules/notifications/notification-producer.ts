import type { Transaction } from 'kysely';
import type { NotificationParams, NotificationType } from '@studio/contract/notification';
import type { Database } from '../../db/schema';
import { insertAnnouncedNotifications } from './notification-repository';
import { koreanNotificationText } from './notification-text';

/** The channel the database announces each new notification on, as `<user id>:<notification id>`. */
export const NEW_NOTIFICATION_CHANNEL = 'studio_notification';

/**
 * Where a notification lands when clicked: one place for every module's addresses.
 * Every one is a full studio address (`/studio/…`): the browser routes those inside
 * the app (an invite's or transfer's hash opens its popup where the person is) and
 * loads anything else as a page, so a path without the base would leave the studio.
 */
export const landing = {
  invite: (inviteId: number) => `/studio/profile/alarm#inviteObjectId=${inviteId}`,
  transfer: (transferId: number) => `/studio/profile/alarm#transferObjectId=${transferId}`,
  channel: (channelId: number) => `/studio/channels/${channelId}`,
  channelSettings: (channelId: number) => `/studio/channels/${channelId}/settings`,
  /** A channel's profile page (issue 25), which every member of it may open. */
  channelProfile: (channelId: number) => `/studio/channels/${channelId}/profile`,
  management: () => '/studio/channels/management',
  /** The apply-results tab of channel management, where an application's decision shows. */
  applyResults: () => '/studio/channels/management?tab=apply',
  live: (channelId: number, liveId: number) => `/studio/channels/${channelId}/videos/lives/${liveId}`,
  /** The loop page with the loop opened (its hash selects it). */
  loop: (channelId: number, loopId: string) => `/studio/channels/${channelId}/videos/shorts/upload#loop=${loopId}`,
  /** A content as readers see it. */
  contentPreview: (channelId: number, contentId: number) => `/studio/channels/${channelId}/contents/${contentId}/preview`,
  /** Where a content is fixed: the editor for contents; posts have no edit page, so the channel home. */
  contentEdit: (content: { kind: string; channelId: number; id: number }) =>
    content.kind === 'CONTENT_VIEW' ? `/studio/editor/${content.channelId}/${content.id}` : `/studio/channels/${content.channelId}`,
  alarm: () => '/studio/profile/alarm',
} as const;

/** Decisions of the studio operator on a person's application: told without a channel (there may be none yet). */
export const OPERATOR_SENT = ['APPLICATION_REVIEW', 'APPLICATION_APPROVED', 'APPLICATION_REJECTED'] as const;
export type OperatorSent = (typeof OPERATOR_SENT)[number];
export const isOperatorSent = (type: NotificationType): type is OperatorSent => (OPERATOR_SENT as readonly string[]).includes(type);
type ChannelTyped = Exclude<NotificationType, 'OPERATOR_MESSAGE' | OperatorSent>;

/**
 * One notification to write. `channel` null means the studio operator sent it
 * (spec: no channelId); every other type is about a channel.
 */
export type NotificationEntry = {
  /** Who is told; several people get one row each. */
  to: number | readonly number[];
  landingUrl: string | null;
  at: Date;
} & (
  | { type: ChannelTyped; channel: { id: number; name: string }; params?: Omit<NotificationParams, 'channelName'> }
  | { type: OperatorSent; channel: { id: number; name: string } | null; params?: NotificationParams }
  | { type: 'OPERATOR_MESSAGE'; channel: { id: number; name: string } | null; message: string; params?: NotificationParams }
);

/**
 * The one producer every module calls, with the transaction of the change it
 * reports. It takes a Transaction (not the pool) on purpose: the rows and the
 * `NOTIFY` that announces them to every instance's open streams commit with
 * the change or not at all, so a rolled-back change is never announced and a
 * committed one never goes unannounced (PostgreSQL delivers NOTIFY on commit).
 * Returns the ids written, in the order of `to` (duplicates written once).
 */
export async function notify(tx: Transaction<Database>, entry: NotificationEntry): Promise<number[]> {
  const recipients = [...new Set(typeof entry.to === 'number' ? [entry.to] : entry.to)];
  if (recipients.length === 0) return [];
  const params: NotificationParams = entry.channel ? { channelName: entry.channel.name, ...entry.params } : { ...entry.params };
  const message = entry.type === 'OPERATOR_MESSAGE' ? entry.message : koreanNotificationText(entry.type, params);
  return insertAnnouncedNotifications(tx, NEW_NOTIFICATION_CHANNEL, {
    recipients,
    channelId: entry.channel?.id ?? null,
    type: entry.type,
    params,
    message,
    landingUrl: entry.landingUrl,
    at: entry.at,
  });
}
