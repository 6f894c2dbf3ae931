import type { ErrorCode } from '@studio/contract/errors';

/**
 * The Korean text of every error code: the spec's words (section 8) where it
 * gives them. A new code in the contract is a compile error here until it has one.
 */
export const errorCodeTextsKo: Record<ErrorCode, string> = {
  AUTH_UNAUTHORIZED: '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.',
  AUTH_INVALID_CONTINUE: '이 스튜디오 밖의 주소로는 돌아갈 수 없습니다.',
  AUTH_LOGIN_FAILED: '로그인 처리 중 문제가 발생했습니다. 다시 로그인해 주세요.',
  CSRF_ORIGIN_MISMATCH: '허용되지 않은 출처의 요청입니다.',
  ACCESS_DENIED: '접근 권한이 없습니다.',
  NOT_FOUND: '요청한 정보를 찾을 수 없습니다.',
  ROUTE_NOT_FOUND: '요청한 주소를 찾을 수 없습니다.',
  VALIDATION_FAILED: '입력한 정보를 다시 확인해 주세요.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도하세요.',
  INVITE_UNAUTHORIZED: '로그인한 메신저 계정을 다시 확인해 주세요.',
  TRANSFER_UNAUTHORIZED: '로그인한 메신저 계정을 다시 확인해 주세요.',
  CHANNEL_NOT_SERVICE: '채널 상태가 변경되어 초대가 취소되었습니다.',
  CHANNEL_NOT_FOUND: '채널을 찾을 수 없습니다.',
  CHANNEL_ACCESS_DENIED: '이 채널에 대한 권한이 없습니다.',
  CHANNEL_OWNER_ONLY: '채널 소유자만 할 수 있습니다.',
  CHANNEL_TYPE_UNSUPPORTED: '이 채널 유형에서는 지원하지 않는 기능입니다.',
  CREATE_OPTION_DISABLED: '이 채널에서는 사용할 수 없는 만들기 메뉴입니다.',
  ACCOUNT_NOT_FOUND: '해당 아이디의 계정을 찾을 수 없습니다.',
  ALREADY_MEMBER: '이미 이 채널의 멤버입니다.',
  ALREADY_INVITED: '이미 초대를 보낸 계정입니다.',
  CANNOT_TARGET_SELF: '자기 자신에게는 할 수 없습니다.',
  MEMBER_NOT_FOUND: '채널 멤버를 찾을 수 없습니다.',
  OWNER_CANNOT_LEAVE: '소유자는 채널을 떠날 수 없습니다. 먼저 소유권을 이전해 주세요.',
  CANNOT_REMOVE_OWNER: '소유자는 내보낼 수 없습니다.',
  INVITE_NOT_PENDING: '초대 기간이 만료되었거나 권한이 없습니다.',
  TRANSFER_NOT_PENDING: '초대 기간이 만료되었거나 권한이 없습니다.',
  TRANSFER_ALREADY_PENDING: '진행 중인 소유권 이전 요청이 있습니다.',
  UPLOAD_TOO_LARGE: '파일이 너무 큽니다.',
  UPLOAD_NOT_IMAGE: '이미지 파일(JPEG, PNG, WebP, GIF)만 올릴 수 있습니다.',
  UPLOAD_MISSING: '올릴 파일을 선택해 주세요.',
  INTERNAL_ERROR: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  SERVICE_UNAVAILABLE: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
};
