import type { MemberRole } from '@studio/contract/enums';
import type { NotificationParams, NotificationType } from '@studio/contract/notification';

const ROLE_TEXT: Record<MemberRole, string> = { OWNER: '소유자', MANAGER: '매니저', CREDIT_MANAGER: '수익 관리자' };

/**
 * The Korean rendering stored as `message`: the fallback for clients that do
 * not render `type` and `params` themselves. Operator messages carry their own text.
 */
export function koreanNotificationText(type: Exclude<NotificationType, 'OPERATOR_MESSAGE'>, params: NotificationParams): string {
  const channel = params.channelName ?? '';
  const actor = params.actorName ?? '';
  const role = params.role ? ROLE_TEXT[params.role] : '';
  const title = params.title ?? '';
  switch (type) {
    case 'INVITE_RECEIVED':
      return `${channel} 채널의 ${role}로 초대되었습니다.`;
    case 'INVITE_ACCEPTED':
      return `${actor} 님이 ${channel} 채널 초대를 수락했습니다.`;
    case 'INVITE_DECLINED':
      return `${actor} 님이 ${channel} 채널 초대를 거절했습니다.`;
    case 'INVITE_CANCELLED':
      return `${channel} 채널의 초대가 취소되었습니다.`;
    case 'INVITE_EXPIRED':
      return `${channel} 채널의 초대가 30일 동안 응답이 없어 자동으로 거절되었습니다.`;
    case 'TRANSFER_REQUESTED':
      return `${channel} 채널의 소유권 이전 요청이 도착했습니다.`;
    case 'TRANSFER_ACCEPTED':
      return `${actor} 님이 ${channel} 채널의 소유권 이전을 수락했습니다. 이제 매니저로 참여합니다.`;
    case 'TRANSFER_DECLINED':
      return `${actor} 님이 ${channel} 채널의 소유권 이전을 거절했습니다.`;
    case 'TRANSFER_EXPIRED':
      return '소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.';
    case 'MEMBER_ADDED':
      return `${actor} 님이 ${channel} 채널의 ${role}로 참여했습니다.`;
    case 'MEMBER_REMOVED':
      return `${channel} 채널의 ${role} 권한이 해제되었습니다.`;
    case 'MEMBER_LEFT':
      return `${actor} 님이 ${channel} 채널을 떠났습니다.`;
    case 'APPLICATION_REVIEW':
      return `${channel} 채널 입점 신청의 심사가 시작되었습니다.`;
    case 'APPLICATION_APPROVED':
      return `${channel} 채널 입점 신청이 승인되었습니다.`;
    case 'APPLICATION_REJECTED':
      return `${channel} 채널 입점 신청이 반려되었습니다. 반려 사유를 확인해 주세요.`;
    case 'LIVE_STARTED':
      return `${channel} 채널의 라이브 '${title}' 방송이 시작되었습니다.`;
    case 'LIVE_ENDED':
      return `${channel} 채널의 라이브 '${title}' 방송이 종료되었습니다.`;
    case 'LIVE_INTERRUPTED':
      return `${channel} 채널의 라이브 '${title}' 송출이 끊겼습니다. ${params.graceMinutes ?? 0}분 안에 다시 연결하지 않으면 방송이 종료됩니다.`;
    case 'LIVE_AUTO_CLOSED':
      return `${channel} 채널의 라이브 '${title}' 송출이 다시 연결되지 않아 방송이 자동으로 종료되었습니다.`;
    case 'CONTENT_PUBLISHED':
      return `${channel} 채널에 '${title}' 콘텐츠가 게시되었습니다.`;
    case 'RESERVATION_FAILED':
      return `${channel} 채널의 예약 콘텐츠 '${title}'을 예약 시간에 발행하지 못했습니다. 내용을 확인하고 다시 예약해 주세요.`;
    case 'LOOP_PROCESSED':
      return `${channel} 채널에 올린 루프 영상의 처리가 끝났습니다. 게시할 수 있습니다.`;
    case 'LOOP_FAILED':
      return `${channel} 채널에 올린 루프 영상을 처리하지 못했습니다.`;
    case 'CHANNEL_PROFILE_CHANGED':
      return `${actor} 님이 ${channel} 채널의 프로필을 수정했습니다.`;
    case 'CHANNEL_SERVICE_CHANGED':
      return `운영자가 ${channel} 채널의 운영 상태나 만들기 옵션을 변경했습니다.`;
  }
}
