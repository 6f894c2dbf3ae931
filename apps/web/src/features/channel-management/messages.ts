import { type FeatureT, useCatalogueT } from '../../lib/i18n/i18n';
import type { MessageKey } from '../../lib/i18n/messages.ko';

/**
 * Texts of the channel management page: a catalogue of its own so they load with this
 * feature's lazy chunk, not with the shell (the first load has a hard size budget).
 * Shared words (roles, channel types, statuses) come from the shell catalogue.
 */
const ko = {
  'management.tabsLabel': '채널 관리 메뉴',
  'management.tab.channels': '내 채널',
  'management.tab.apply': '입점 신청 결과',
  'management.tab.invite': '초대',
  'management.filter.label': '채널 필터',
  'management.filter.type': '채널 유형',
  'management.filter.status': '채널 상태',
  'management.filter.role': '내 권한',
  'management.filter.reset': '필터 초기화',
  'management.channels.filteredEmpty': '선택한 조건에 맞는 채널이 없습니다.',
  'management.channels.settings': '멤버 관리',
  'management.apply.allTypes': '전체 유형',
  'management.apply.applicantKind': '신청 주체',
  'management.apply.applyType': '신청 유형',
  'management.apply.appliedAt': '신청일',
  'management.apply.reviewedAt': '심사일',
  'management.apply.rejectReason': '반려 사유',
  'management.apply.timeline': '처리 이력',
  'management.apply.event.WAIT': '신청 접수',
  'management.apply.event.REVIEW': '심사 시작',
  'management.apply.event.APPROVE': '승인',
  'management.apply.event.REJECT': '반려',
  'management.apply.reapply': '다시 신청하기',
  'management.apply.empty': '입점 신청 내역이 없습니다.',
  'management.apply.filteredEmpty': '이 유형의 입점 신청 내역이 없습니다.',
  'management.apply.emptyDescription': '새 채널로 입점을 신청하면 심사 결과를 이곳에서 확인할 수 있습니다.',
  'management.invite.role': '{role} 초대',
  'management.invite.transfer': '소유권 이전',
  'management.invite.from': '{name} 님이 보냄',
  'management.invite.expires': '{date} 만료',
  'management.invite.empty': '받은 초대가 없습니다.',
  'management.invite.waiting': '답을 기다리는 초대 {count}건',
  'management.invite.waitingDescription': '초대를 열어 수락하거나 거절해 주세요.',
  'management.invite.all': '초대 모두 보기',
  'management.invite.emptyDescription': '채널 소유자가 초대하거나 소유권을 넘기면 이곳과 알림에 표시됩니다.',
  'applyStatus.WAIT': '대기',
  'applyStatus.REVIEW': '심사 중',
  'applyStatus.APPROVE': '승인',
  'applyStatus.REJECT': '반려',
  'applicantKind.PUBLIC_AGENCY': '공공기관',
  'applicantKind.COMPANY': '기업',
  'applicantKind.INDIVIDUAL': '개인',
  'applicantKind.CORPORATION': '법인',
  'applicantKind.ETC': '기타',
  'applicantKind.UNKNOWN': '알 수 없음',
  'applyType.NEW_APPLY': '신규 입점',
  'applyType.ADD_TYPE': '유형 추가',
} as const;

export type ChannelManagementMessageKey = keyof typeof ko;

const en: Record<ChannelManagementMessageKey, string> = {
  'management.tabsLabel': 'Channel management sections',
  'management.tab.channels': 'My channels',
  'management.tab.apply': 'Apply results',
  'management.tab.invite': 'Invites',
  'management.filter.label': 'Channel filters',
  'management.filter.type': 'Channel type',
  'management.filter.status': 'Channel status',
  'management.filter.role': 'My role',
  'management.filter.reset': 'Reset filters',
  'management.channels.filteredEmpty': 'No channel matches these filters.',
  'management.channels.settings': 'Members',
  'management.apply.allTypes': 'All types',
  'management.apply.applicantKind': 'Applicant',
  'management.apply.applyType': 'Application type',
  'management.apply.appliedAt': 'Applied',
  'management.apply.reviewedAt': 'Reviewed',
  'management.apply.rejectReason': 'Reason for rejection',
  'management.apply.timeline': 'History',
  'management.apply.event.WAIT': 'Received',
  'management.apply.event.REVIEW': 'Review started',
  'management.apply.event.APPROVE': 'Approved',
  'management.apply.event.REJECT': 'Rejected',
  'management.apply.reapply': 'Apply again',
  'management.apply.empty': 'No applications yet.',
  'management.apply.filteredEmpty': 'No applications of this type.',
  'management.apply.emptyDescription': 'Apply for entry with a new channel and its review result appears here.',
  'management.invite.role': '{role} invite',
  'management.invite.transfer': 'Ownership transfer',
  'management.invite.from': 'From {name}',
  'management.invite.expires': 'Expires {date}',
  'management.invite.empty': 'No invites.',
  'management.invite.waiting': '{count, plural, one {# invitation} other {# invitations}} waiting for your answer',
  'management.invite.waitingDescription': 'Open one to accept or decline it.',
  'management.invite.all': 'See all invitations',
  'management.invite.emptyDescription': 'When a channel owner invites you or hands over ownership, it appears here and in your notifications.',
  'applyStatus.WAIT': 'Waiting',
  'applyStatus.REVIEW': 'In review',
  'applyStatus.APPROVE': 'Approved',
  'applyStatus.REJECT': 'Rejected',
  'applicantKind.PUBLIC_AGENCY': 'Public agency',
  'applicantKind.COMPANY': 'Company',
  'applicantKind.INDIVIDUAL': 'Individual',
  'applicantKind.CORPORATION': 'Corporation',
  'applicantKind.ETC': 'Other',
  'applicantKind.UNKNOWN': 'Unknown',
  'applyType.NEW_APPLY': 'New entry',
  'applyType.ADD_TYPE': 'Added type',
};

export const channelManagementMessages = { ko, en };

/** A key of this feature or of the shell catalogue. */
export type ChannelManagementKey = ChannelManagementMessageKey | MessageKey;

export type ChannelManagementT = FeatureT<ChannelManagementMessageKey>;

export function useChannelManagementT(): ChannelManagementT {
  return useCatalogueT(channelManagementMessages);
}
