import { useCatalogueT } from '../../lib/i18n/i18n';
import { channelHomeMessages } from './messages';

/**
 * Texts of the bar for selected rows: they load with the bar (at the first selection), not with
 * channel home (the first load has a hard size budget). The bar reads channel home's texts too
 * (content statuses), so this catalogue is channel home's with these added.
 */
const ko = {
  ...channelHomeMessages.ko,
  'bulk.label': '선택한 콘텐츠 관리',
  'bulk.selected': '{count}개 선택됨',
  'bulk.HIDE': '비공개로 전환',
  'bulk.UNHIDE': '공개로 전환',
  'bulk.DELETE': '삭제',
  'bulk.clear': '선택 해제',
  'bulk.confirmTitle.HIDE': '{count}개를 비공개로 전환할까요?',
  'bulk.confirmTitle.UNHIDE': '{count}개를 공개로 전환할까요?',
  'bulk.confirmTitle.DELETE': '{count}개를 삭제할까요?',
  'bulk.confirmDescription.HIDE': '선택한 콘텐츠가 독자에게 보이지 않게 됩니다. 전환할 수 없는 콘텐츠는 그대로 두고 이유를 알려 드립니다.',
  'bulk.confirmDescription.UNHIDE': '선택한 비공개 콘텐츠가 독자에게 공개됩니다. 전환할 수 없는 콘텐츠는 그대로 두고 이유를 알려 드립니다.',
  'bulk.confirmDescription.DELETE': '선택한 콘텐츠가 목록에서 사라지고 되돌릴 수 없습니다. 삭제할 수 없는 콘텐츠는 그대로 두고 이유를 알려 드립니다.',
  'bulk.done': '{count}개를 처리했습니다.',
  'bulk.resultTitle': '{failed}개는 처리하지 못했습니다.',
  'bulk.resultSummary': '{changed}개를 처리했고, {unchanged}개는 이미 그 상태였습니다. 처리하지 못한 콘텐츠와 이유:',
  'bulk.close': '닫기',
  'bulk.reason.CONTENT_NOT_FOUND': '삭제되었거나 찾을 수 없습니다.',
  'bulk.reason.CONTENT_VERSION_CONFLICT': '다른 곳에서 먼저 수정되었습니다. 목록을 새로 불러왔으니 다시 시도해 주세요.',
  'bulk.reason.CONTENT_STATUS_CONFLICT': '‘{status}’ 상태에서는 할 수 없습니다.',
  'bulk.reason.CONTENT_INCOMPLETE': '제목과 본문을 입력한 뒤 발행해 주세요.',
  'bulk.reason.CREATE_OPTION_DISABLED': '이 채널에서 지금 사용할 수 없는 종류입니다.',
  'bulk.reason.other': '처리하지 못했습니다. ({code})',
};

const en: Record<keyof typeof ko, string> = {
  ...channelHomeMessages.en,
  'bulk.label': 'Manage the selected contents',
  'bulk.selected': '{count} selected',
  'bulk.HIDE': 'Make hidden',
  'bulk.UNHIDE': 'Make public',
  'bulk.DELETE': 'Delete',
  'bulk.clear': 'Clear selection',
  'bulk.confirmTitle.HIDE': 'Make {count} hidden?',
  'bulk.confirmTitle.UNHIDE': 'Make {count} public?',
  'bulk.confirmTitle.DELETE': 'Delete {count}?',
  'bulk.confirmDescription.HIDE': 'Readers will no longer see the selected contents. Any that cannot change stay as they are, and you will see why.',
  'bulk.confirmDescription.UNHIDE': 'The selected hidden contents become public. Any that cannot change stay as they are, and you will see why.',
  'bulk.confirmDescription.DELETE': 'The selected contents leave the list, and this cannot be undone. Any that cannot be deleted stay as they are, and you will see why.',
  'bulk.done': 'Done: {count} changed.',
  'bulk.resultTitle': '{failed} could not be changed',
  'bulk.resultSummary': '{changed} changed and {unchanged} already were. These could not be changed, and why:',
  'bulk.close': 'Close',
  'bulk.reason.CONTENT_NOT_FOUND': 'Deleted or not found.',
  'bulk.reason.CONTENT_VERSION_CONFLICT': 'It was changed elsewhere first. The list is reloaded; try again.',
  'bulk.reason.CONTENT_STATUS_CONFLICT': 'Not possible while it is “{status}”.',
  'bulk.reason.CONTENT_INCOMPLETE': 'Add a title and body first.',
  'bulk.reason.CREATE_OPTION_DISABLED': 'This kind is switched off for the channel now.',
  'bulk.reason.other': 'Could not be changed ({code}).',
};

export type BulkMessageKey = keyof typeof ko;
export type BulkT = (key: BulkMessageKey, params?: Record<string, string | number>) => string;

export const bulkMessages = { ko, en };

export function useBulkT(): BulkT {
  return useCatalogueT(bulkMessages);
}
