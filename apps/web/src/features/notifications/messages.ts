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
  'notification.type.MEMBER_ADDED': '{actorName} 님이 {channelName} 채널의 {role}로 참여했습니다.',
  'notification.type.APPLICATION_REVIEW': '{channelName} 채널 입점 신청의 심사가 시작되었습니다.',
  'notification.type.APPLICATION_APPROVED': '{channelName} 채널 입점 신청이 승인되었습니다.',
  'notification.type.APPLICATION_REJECTED': '{channelName} 채널 입점 신청이 반려되었습니다. 반려 사유를 확인해 주세요.',
  'notification.type.LIVE_STARTED': "{channelName} 채널의 라이브 '{title}' 방송이 시작되었습니다.",
  'notification.type.LIVE_ENDED': "{channelName} 채널의 라이브 '{title}' 방송이 종료되었습니다.",
  'notification.type.LIVE_INTERRUPTED': "{channelName} 채널의 라이브 '{title}' 송출이 끊겼습니다. {graceMinutes}분 안에 다시 연결하지 않으면 방송이 종료됩니다.",
  'notification.type.LIVE_AUTO_CLOSED': "{channelName} 채널의 라이브 '{title}' 송출이 다시 연결되지 않아 방송이 자동으로 종료되었습니다.",
  'notification.type.CONTENT_PUBLISHED': "{channelName} 채널에 '{title}' 콘텐츠가 게시되었습니다.",
  'notification.type.RESERVATION_FAILED': "{channelName} 채널의 예약 콘텐츠 '{title}'을 예약 시간에 발행하지 못했습니다. 내용을 확인하고 다시 예약해 주세요.",
  'notification.type.LOOP_PROCESSED': '{channelName} 채널에 올린 루프 영상의 처리가 끝났습니다. 게시할 수 있습니다.',
  'notification.type.LOOP_FAILED': '{channelName} 채널에 올린 루프 영상을 처리하지 못했습니다.',
  'notification.type.CHANNEL_PROFILE_CHANGED': '{actorName} 님이 {channelName} 채널의 프로필을 수정했습니다.',
  'notification.type.CHANNEL_SERVICE_CHANGED': '운영자가 {channelName} 채널의 운영 상태나 만들기 옵션을 변경했습니다.',
  'alarm.loadMore': '더 불러오기',
  'alarm.end': '모든 알림을 확인했습니다.',
  'alarm.emptyAdmin': '운영자 알림이 없습니다.',
  'alarm.emptyChannel': '채널 알림이 없습니다.',
  'notification.fromChannel': '{channelName} 채널',
  'preferences.title': '알림 설정',
  'preferences.legend': '받을 알림',
  'preferences.ALL': '전체 알림',
  'preferences.ALL.hint': '끄면 어떤 알림도 받지 않습니다.',
  'preferences.ADMIN': '운영자 알림',
  'preferences.ADMIN.hint': '스튜디오 운영자가 보내는 알림과 입점 신청 결과입니다.',
  'preferences.CHANNEL': '채널 알림',
  'preferences.CHANNEL.hint': '초대, 소유권 이전, 라이브, 콘텐츠 등 채널에서 일어난 일입니다.',
  'preferences.offByAll': '전체 알림이 꺼져 있어 받지 않습니다.',
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
  'notification.type.MEMBER_ADDED': '{actorName} joined {channelName} as {role}.',
  'notification.type.APPLICATION_REVIEW': 'Your application for {channelName} is now under review.',
  'notification.type.APPLICATION_APPROVED': 'Your application for {channelName} was approved.',
  'notification.type.APPLICATION_REJECTED': 'Your application for {channelName} was rejected. See the reason.',
  'notification.type.LIVE_STARTED': "The live '{title}' on {channelName} started.",
  'notification.type.LIVE_ENDED': "The live '{title}' on {channelName} ended.",
  'notification.type.LIVE_INTERRUPTED': "The encoder of '{title}' on {channelName} disconnected. The broadcast ends unless it reconnects within {graceMinutes} minutes.",
  'notification.type.LIVE_AUTO_CLOSED': "The encoder of '{title}' on {channelName} did not reconnect, so the broadcast ended automatically.",
  'notification.type.CONTENT_PUBLISHED': "'{title}' was published on {channelName}.",
  'notification.type.RESERVATION_FAILED': "The reserved content '{title}' on {channelName} could not be published at its time. Check it and reserve it again.",
  'notification.type.LOOP_PROCESSED': 'Your loop for {channelName} is processed and ready to publish.',
  'notification.type.LOOP_FAILED': 'Your loop for {channelName} could not be processed.',
  'notification.type.CHANNEL_PROFILE_CHANGED': '{actorName} updated the profile of {channelName}.',
  'notification.type.CHANNEL_SERVICE_CHANGED': 'The operator changed the status or create options of {channelName}.',
  'alarm.loadMore': 'Load more',
  'alarm.end': "You're all caught up.",
  'alarm.emptyAdmin': 'No notifications from the operator.',
  'alarm.emptyChannel': 'No channel notifications.',
  'notification.fromChannel': '{channelName}',
  'preferences.title': 'Notification settings',
  'preferences.legend': 'Notifications you receive',
  'preferences.ALL': 'All notifications',
  'preferences.ALL.hint': 'When off, you receive no notifications at all.',
  'preferences.ADMIN': 'From the operator',
  'preferences.ADMIN.hint': 'Messages from the studio operator and the results of channel applications.',
  'preferences.CHANNEL': 'Channel notifications',
  'preferences.CHANNEL.hint': 'Invitations, ownership transfers, lives, contents and other news of your channels.',
  'preferences.offByAll': 'Not received while all notifications are off.',
};

export const notificationsMessages = { ko, en };

export type NotificationsT = FeatureT<NotificationsMessageKey>;

export function useNotificationsT(): NotificationsT {
  return useCatalogueT(notificationsMessages);
}
