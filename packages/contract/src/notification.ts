import { z } from 'zod';
import { MemberRole, NotificationGroup } from './enums';
import { pageNumber, pageOf, pageSize } from './page';
import { Instant } from './time';

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
  'MEMBER_REMOVED',
  'MEMBER_LEFT',
  /** A reserved content could not be published (or hidden) at its time; sent to its author. */
  'CONTENT_RESERVATION_FAILED',
  'OPERATOR_MESSAGE',
]);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationParams = z.object({
  channelName: z.string().optional(),
  actorName: z.string().optional(),
  role: MemberRole.optional(),
  contentTitle: z.string().optional(),
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
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = pageOf(Notification);

export const NotificationListQuery = z.object({
  group: NotificationGroup.default('ALL'),
  page: pageNumber.default(0),
  size: pageSize(20),
});

export const ChannelNotificationQuery = z.object({
  page: pageNumber.default(0),
  size: pageSize(20),
});

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
