import { type FeatureT, useCatalogueT } from '../../lib/i18n/i18n';
import type { MessageKey } from '../../lib/i18n/messages.ko';

/**
 * Texts of the invitation popups: a catalogue of its own so they load with this
 * feature's lazy chunk, not with the shell (the first load has a hard size budget).
 * Shared words (roles, channel types, statuses) come from the shell catalogue.
 */
const ko = {
  'invitation.title.MANAGER': '매니저 권한 수락',
  'invitation.title.OWNER': '소유자 권한 수락',
  'invitation.loadingTitle': '초대 확인',
  'invitation.owner': '채널 소유자',
  'invitation.oldOwner': '현재 소유자',
  'invitation.noOwner': '현재 소유자가 없습니다.',
  'invitation.channel': '채널',
  'invitation.note.MANAGER': '수락하면 매니저로서 콘텐츠를 함께 발행하고 관리하며, 운영과 성장 지표를 볼 수 있습니다.',
  'invitation.note.OWNER': '수락하면 채널, 스튜디오 관리자와 수익 관리 권한을 모두 가진 소유자가 됩니다.',
  'invitation.note.TRANSFER': '수락하면 이 채널의 소유자가 되고, 현재 소유자는 매니저로 참여합니다.',
  'invitation.accept': '수락',
  'invitation.decline': '거절',
  'invitation.close': '닫기',
  'invitation.confirm': '확인',
  'invitation.no': '아니요',
  'invitation.yes': '예',
  'invitation.declineConfirm': '정말 초대를 거절하시겠습니까?',
  'invitation.declineTransferConfirm': '정말 소유권 이전을 거절하시겠습니까?',
  'invitation.declineTransferNote': '거절하면 이 요청 페이지를 통한 권한 이전은 더 이상 할 수 없습니다.',
  'invitation.acceptedTitle': '권한을 수락했습니다',
  'invitation.declined.INVITE': '초대를 거절했습니다.',
  'invitation.declined.TRANSFER': '소유권 이전 요청을 거절했습니다.',
  'invitation.accepted.MANAGER': '{channelName} 채널의 매니저가 되었습니다.',
  'invitation.accepted.OWNER': '{channelName} 채널의 소유자가 되었습니다.',
  'invitation.error.account': '로그인한 메신저 계정을 다시 확인해 주세요.',
  'invitation.error.expired': '초대 기간이 만료되었거나 권한이 없습니다.',
  'invitation.error.channelNotService': '채널 상태가 변경되어 초대가 취소되었습니다.',
} as const;

export type InvitationsMessageKey = keyof typeof ko;

const en: Record<InvitationsMessageKey, string> = {
  'invitation.title.MANAGER': 'Manager permission accept',
  'invitation.title.OWNER': 'Owner permission accept',
  'invitation.loadingTitle': 'Invitation',
  'invitation.owner': 'Channel owner',
  'invitation.oldOwner': 'Current owner',
  'invitation.noOwner': 'There is no current owner.',
  'invitation.channel': 'Channel',
  'invitation.note.MANAGER': 'As a manager you co-publish and manage content and see operating and growth insights.',
  'invitation.note.OWNER': 'As the owner you hold every management right: channel, studio administrators and revenue management.',
  'invitation.note.TRANSFER': 'You become the owner of this channel; the current owner stays on as a manager.',
  'invitation.accept': 'Accept',
  'invitation.decline': 'Decline',
  'invitation.close': 'Close',
  'invitation.confirm': 'OK',
  'invitation.no': 'No',
  'invitation.yes': 'Yes',
  'invitation.declineConfirm': 'Really decline the invite?',
  'invitation.declineTransferConfirm': 'Really decline the ownership transfer?',
  'invitation.declineTransferNote': 'After declining, transfer of rights through this request page is no longer possible.',
  'invitation.acceptedTitle': 'Permission accepted',
  'invitation.declined.INVITE': 'Invitation declined.',
  'invitation.declined.TRANSFER': 'Ownership transfer declined.',
  'invitation.accepted.MANAGER': 'You are now a manager of {channelName}.',
  'invitation.accepted.OWNER': 'You are now the owner of {channelName}.',
  'invitation.error.account': 'Please check the logged in messaging account again.',
  'invitation.error.expired': 'The invitation period has expired or you have no permission.',
  'invitation.error.channelNotService': 'The channel status changed so the invitation was cancelled.',
};

export const invitationsMessages = { ko, en };

/** A key of this feature or of the shell catalogue. */
export type InvitationsKey = InvitationsMessageKey | MessageKey;

export type InvitationsT = FeatureT<InvitationsMessageKey>;

export function useInvitationsT(): InvitationsT {
  return useCatalogueT(invitationsMessages);
}
