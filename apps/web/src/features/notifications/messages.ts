import { type FeatureT, useCatalogueT } from '../../lib/i18n/i18n';

/**
 * Texts of notifications, one per type, written in the browser from the
 * type and parameters the server sends. Loaded with the notification menu and
 * page, not with the shell. The Korean texts are the server's former words.
 */
const ko = {
  'notification.type.INVITE_RECEIVED': '{channelName} 채널의 {role}로 초대되었습니다.',
  'notification.type.INVITE_ACCEPTED': '{actorName} 님이 {channelName} 채널 초대를 수락했습니다.',
  'notification.type.INVITE_DECLINED': '{actorName} 님이 {channelName} 채널 초대를 거절했습니다.',
  'notification.type.INVITE_CANCELLED': '{channelName} 채널의 초대가 취소되었습니다.',
  'notification.type.INVITE_EXPIRED': '{channelName} 채널 초대가 기간 안에 응답이 없어 자동으로 거절되었습니다.',
  'notification.type.TRANSFER_REQUESTED': '{channelName} 채널의 소유권 이전 요청이 도착했습니다.',
  'notification.type.TRANSFER_ACCEPTED': '{actorName} 님이 {channelName} 채널의 소유권 이전을 수락했습니다. 이제 {role}로 참여합니다.',
  'notification.type.TRANSFER_DECLINED': '{actorName} 님이 {channelName} 채널의 소유권 이전을 거절했습니다.',
  'notification.type.TRANSFER_EXPIRED': '소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.',
  'notification.type.MEMBER_REMOVED': '{channelName} 채널의 {role} 권한이 해제되었습니다.',
  'notification.type.MEMBER_LEFT': '{actorName} 님이 {channelName} 채널을 떠났습니다.',
  'notification.type.CONTENT_RESERVATION_FAILED': "{channelName} 채널의 예약 콘텐츠 '{contentTitle}'을 예약 시간에 발행하지 못했습니다. 내용을 확인하고 다시 예약해 주세요.",
} as const;

export type NotificationsMessageKey = keyof typeof ko;

const en: Record<NotificationsMessageKey, string> = {
  'notification.type.INVITE_RECEIVED': 'You were invited to {channelName} as {role}.',
  'notification.type.INVITE_ACCEPTED': '{actorName} accepted the invite to {channelName}.',
  'notification.type.INVITE_DECLINED': '{actorName} declined the invite to {channelName}.',
  'notification.type.INVITE_CANCELLED': 'The invite to {channelName} was cancelled.',
  'notification.type.INVITE_EXPIRED': 'The invite to {channelName} got no answer in time and was declined automatically.',
  'notification.type.TRANSFER_REQUESTED': 'You received a request to take over ownership of {channelName}.',
  'notification.type.TRANSFER_ACCEPTED': '{actorName} accepted ownership of {channelName}. You now take part as {role}.',
  'notification.type.TRANSFER_DECLINED': '{actorName} declined ownership of {channelName}.',
  'notification.type.TRANSFER_EXPIRED': 'The ownership transfer request got no answer for 7 days and was declined automatically.',
  'notification.type.MEMBER_REMOVED': 'Your {role} role on {channelName} was removed.',
  'notification.type.MEMBER_LEFT': '{actorName} left {channelName}.',
  'notification.type.CONTENT_RESERVATION_FAILED': "The reserved content '{contentTitle}' on {channelName} could not be published at its time. Check it and reserve it again.",
};

export const notificationsMessages = { ko, en };

export type NotificationsT = FeatureT<NotificationsMessageKey>;

export function useNotificationsT(): NotificationsT {
  return useCatalogueT(notificationsMessages);
}
