import { z } from 'zod';
import { ApplicationStatus, MemberRole, NotificationGroup } from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { ProfileField } from './channel-profile';
import { Instant } from './time';
import type { UnreadCount } from './unread-count';

/** What happened; with `params` the browser writes the message in the reader's language. */
export const NotificationType = z.enum([
  'INVITE_RECEIVED',
  'INVITE_ACCEPTED',
  'INVITE_DECLINED',
  'INVITE_CANCELLED',
  'INVITE_EXPIRED',
  'TRANSFER_REQUESTED',
  'TRANSFER_ACCEPTED',
  'TRANSFER_DECLINED',
  'TRANSFER_EXPIRED',
  'MEMBER_ADDED',
  'MEMBER_REMOVED',
  'MEMBER_LEFT',
  'APPLICATION_REVIEW',
  'APPLICATION_APPROVED',
  'APPLICATION_REJECTED',
  'LIVE_STARTED',
  'LIVE_ENDED',
  /** The encoder of an on-air live dropped; the live waits for it through the grace period. */
  'LIVE_INTERRUPTED',
  /** The encoder did not come back within the grace period: the live was closed by itself. */
  'LIVE_AUTO_CLOSED',
  'CONTENT_PUBLISHED',
  'RESERVATION_FAILED',
  'LOOP_PROCESSED',
  'LOOP_FAILED',
  'OPERATOR_MESSAGE',
  /** Issue 25: the owner changed the channel's profile; `fields` names what changed. */
  'CHANNEL_PROFILE_CHANGED',
  /**
   * Issue 25, point 3: the operator changed the channel's status or one of its create options
   * (shorts, live, contents, posts); open tabs follow (the create menu is read again).
   */
  'CHANNEL_SERVICE_CHANGED',
]);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationParams = z.object({
  channelName: z.string().optional(),
  actorName: z.string().optional(),
  role: z.optional(MemberRole),
  /** The title of the live, content or loop the notification is about. */
  title: z.string().optional(),
  /** An application's new status (APPLICATION_*). */
  applicationStatus: z.optional(ApplicationStatus),
  /** LIVE_INTERRUPTED: minutes the live waits for the encoder before closing. */
  graceMinutes: z.number().int().optional(),
  /** CHANNEL_PROFILE_CHANGED: the parts of the profile that changed. */
  fields: z.array(ProfileField).optional(),
});
export type NotificationParams = z.infer<typeof NotificationParams>;

/**
 * Spec section 3, "Notification". No channelId means the studio operator sent
 * it. `message` is the Korean rendering (the fallback, and the operator's own
 * text for OPERATOR_MESSAGE); `timeString` is the Korean relative text of `createdAt`.
 */
export const Notification = z.object({
  id: z.number().int(),
  type: NotificationType,
  params: NotificationParams,
  message: z.string(),
  imageUrl: z.string().nullable(),
  read: z.boolean(),
  createdAt: Instant,
  timeString: z.string(),
  landingUrl: z.string().nullable(),
  channelId: z.number().int().nullable(),
  /** The channel's current name (null for the operator's), shown with its image (`imageUrl`). */
  channelName: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * Spec's paged response plus `nextCursor`: the id to pass as `cursor` for the
 * next rows (keyset paging, flat at any depth); null at the end.
 * `totalElements` is exact for the groups (a counter kept in the transaction
 * of every change) and capped at NOTIFICATION_COUNT_CAP for one channel's list.
 */
export const NotificationPage = pageOf(Notification).extend({ nextCursor: z.number().int().nullable() });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NOTIFICATION_COUNT_CAP = 1000;

/** Rows strictly older than this id (the previous answer's `nextCursor`); `page` is then ignored. */
const cursor = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

export const NotificationListQuery = z.object({
  group: z._default(NotificationGroup, 'ALL'),
  page: pageNumber.default(0),
  size: pageSize(20),
  cursor,
});

export const ChannelNotificationQuery = z.object({
  page: pageNumber.default(0),
  size: pageSize(20),
  cursor,
});

export { UnreadCount } from './unread-count';

/**
 * What `GET /api/my/notifications/stream` (Server-Sent Events) sends, as types
 * (no schema: the browser reads two fields, and a discriminated union would put
 * zod's union code into the first load's shared chunk):
 * `event: notification` with `id: <notification id>` and a Notification as data;
 * `event: unread` with an UnreadCount whenever the count changes (a new
 * notification, a read in another tab or on another instance); `: heartbeat`
 * comments. A reconnect with `Last-Event-ID` first gets what it missed.
 */
export type NotificationStreamEvent = { event: 'notification'; data: Notification } | { event: 'unread'; data: UnreadCount };
