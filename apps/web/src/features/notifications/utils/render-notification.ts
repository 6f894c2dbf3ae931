import { MemberRole } from '@studio/contract/enums';
import { NotificationType as NotificationTypeEnum, type NotificationType } from '@studio/contract/notification';
import type { NotificationsT } from '../messages';

/** The notification types the studio writes words for (the contract's); anything else shows the server's `message`. */
export const notificationTypes = NotificationTypeEnum.options;

type Param = 'channelName' | 'actorName' | 'role' | 'title' | 'graceMinutes';

/** What each text needs; a notification missing one falls back to its message rather than show a hole. */
const needs: Record<Exclude<NotificationType, 'OPERATOR_MESSAGE'>, readonly Param[]> = {
  INVITE_RECEIVED: ['channelName', 'role'],
  INVITE_ACCEPTED: ['actorName', 'channelName'],
  INVITE_DECLINED: ['actorName', 'channelName'],
  INVITE_CANCELLED: ['channelName'],
  INVITE_EXPIRED: ['channelName'],
  TRANSFER_REQUESTED: ['channelName'],
  // The former owner stays on as a manager (spec), so the role has a default.
  TRANSFER_ACCEPTED: ['actorName', 'channelName'],
  TRANSFER_DECLINED: ['actorName', 'channelName'],
  TRANSFER_EXPIRED: [],
  MEMBER_REMOVED: ['channelName', 'role'],
  MEMBER_LEFT: ['actorName', 'channelName'],
  MEMBER_ADDED: ['actorName', 'channelName', 'role'],
  APPLICATION_REVIEW: ['channelName'],
  APPLICATION_APPROVED: ['channelName'],
  APPLICATION_REJECTED: ['channelName'],
  LIVE_STARTED: ['channelName', 'title'],
  LIVE_ENDED: ['channelName', 'title'],
  LIVE_INTERRUPTED: ['channelName', 'title', 'graceMinutes'],
  LIVE_AUTO_CLOSED: ['channelName', 'title'],
  CONTENT_PUBLISHED: ['channelName', 'title'],
  RESERVATION_FAILED: ['channelName', 'title'],
  LOOP_PROCESSED: ['channelName'],
  LOOP_FAILED: ['channelName'],
  CHANNEL_PROFILE_CHANGED: ['actorName', 'channelName'],
  CHANNEL_SERVICE_CHANGED: ['channelName'],
};

export type RenderableNotification = {
  type?: string;
  params?: { channelName?: string; actorName?: string; role?: string; title?: string; graceMinutes?: number };
  message: string;
};

const isType = (value: string | undefined): value is NotificationType => notificationTypes.includes(value as NotificationType);

/**
 * A notification in the chosen language, from its type and parameters.
 * Operator messages are written by a person and shown as they are, as is
 * any type this build does not know yet.
 */
export function renderNotification(notification: RenderableNotification, t: NotificationsT): string {
  const { type, params = {}, message } = notification;
  if (!isType(type) || type === 'OPERATOR_MESSAGE') return message;
  if (needs[type].some((name) => params[name] === undefined || params[name] === '')) return message;
  const role = MemberRole.safeParse(params.role ?? (type === 'TRANSFER_ACCEPTED' ? 'MANAGER' : undefined));
  return t(`notification.type.${type}`, {
    channelName: params.channelName ?? '',
    actorName: params.actorName ?? '',
    title: params.title ?? '',
    role: role.success ? t(`memberRole.${role.data}`) : (params.role ?? ''),
    graceMinutes: String(params.graceMinutes ?? ''),
  });
}
