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
    case 'MEMBER_REMOVED':
      return `${channel} 채널의 ${role} 권한이 해제되었습니다.`;
    case 'CONTENT_RESERVATION_FAILED':
      return `${channel} 채널의 예약 콘텐츠 '${params.contentTitle ?? ''}'을 예약 시간에 발행하지 못했습니다. 내용을 확인하고 다시 예약해 주세요.`;
    case 'MEMBER_LEFT':
      return `${actor} 님이 ${channel} 채널을 떠났습니다.`;
  }
}
