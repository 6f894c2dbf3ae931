import { z } from 'zod';

/**
 * The one catalogue of error codes. The server answers every error with
 * `ErrorBody`; the web client maps codes to the spec's behaviour.
 */
export const errorCatalogue = {
  AUTH_UNAUTHORIZED: { status: 401, message: '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.' },
  AUTH_INVALID_CONTINUE: { status: 400, message: '이 스튜디오 밖의 주소로는 돌아갈 수 없습니다.' },
  AUTH_LOGIN_FAILED: { status: 400, message: '로그인 처리 중 문제가 발생했습니다. 다시 로그인해 주세요.' },
  CSRF_ORIGIN_MISMATCH: { status: 403, message: '허용되지 않은 출처의 요청입니다.' },
  ACCESS_DENIED: { status: 403, message: '접근 권한이 없습니다.' },
  NOT_FOUND: { status: 404, message: '요청한 정보를 찾을 수 없습니다.' },
  ROUTE_NOT_FOUND: { status: 404, message: '요청한 주소를 찾을 수 없습니다.' },
  VALIDATION_FAILED: { status: 400, message: '입력한 정보를 다시 확인해 주세요.' },
  RATE_LIMITED: { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도하세요.' },
  INVITE_UNAUTHORIZED: { status: 403, message: '로그인한 메신저 계정을 다시 확인해 주세요.' },
  TRANSFER_UNAUTHORIZED: { status: 403, message: '로그인한 메신저 계정을 다시 확인해 주세요.' },
  CHANNEL_NOT_SERVICE: { status: 409, message: '채널 상태가 변경되어 초대가 취소되었습니다.' },
  CHANNEL_NOT_FOUND: { status: 404, message: '채널을 찾을 수 없습니다.' },
  CHANNEL_ACCESS_DENIED: { status: 403, message: '이 채널에 대한 권한이 없습니다.' },
  CHANNEL_OWNER_ONLY: { status: 403, message: '채널 소유자만 할 수 있습니다.' },
  CHANNEL_TYPE_UNSUPPORTED: { status: 400, message: '이 채널 유형에서는 지원하지 않는 기능입니다.' },
  CREATE_OPTION_DISABLED: { status: 403, message: '이 채널에서는 사용할 수 없는 만들기 메뉴입니다.' },
  ACCOUNT_NOT_FOUND: { status: 400, message: '해당 아이디의 계정을 찾을 수 없습니다.' },
  ALREADY_MEMBER: { status: 409, message: '이미 이 채널의 멤버입니다.' },
  ALREADY_INVITED: { status: 409, message: '이미 초대를 보낸 계정입니다.' },
  CANNOT_TARGET_SELF: { status: 400, message: '자기 자신에게는 할 수 없습니다.' },
  MEMBER_NOT_FOUND: { status: 404, message: '채널 멤버를 찾을 수 없습니다.' },
  OWNER_CANNOT_LEAVE: { status: 400, message: '소유자는 채널을 떠날 수 없습니다. 먼저 소유권을 이전해 주세요.' },
  CANNOT_REMOVE_OWNER: { status: 400, message: '소유자는 내보낼 수 없습니다.' },
  INVITE_NOT_PENDING: { status: 409, message: '초대 기간이 만료되었거나 권한이 없습니다.' },
  TRANSFER_NOT_PENDING: { status: 409, message: '초대 기간이 만료되었거나 권한이 없습니다.' },
  TRANSFER_ALREADY_PENDING: { status: 409, message: '진행 중인 소유권 이전 요청이 있습니다.' },
  UPLOAD_TOO_LARGE: { status: 413, message: '파일이 너무 큽니다.' },
  UPLOAD_NOT_IMAGE: { status: 400, message: '이미지 파일(JPEG, PNG, WebP, GIF)만 올릴 수 있습니다.' },
  UPLOAD_MISSING: { status: 400, message: '올릴 파일을 선택해 주세요.' },
  INTERNAL_ERROR: { status: 500, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.' },
  /** The database is down, restarting or frozen: temporary by nature, the spec's temporary-error text. */
  SERVICE_UNAVAILABLE: { status: 503, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const ErrorCode = z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]);

/** Spec section 3, "Error body". `trace` is never sent in production. */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string(),
  extra: z.record(z.string(), z.unknown()).nullable(),
  trace: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return ErrorBody.safeParse(value).success;
}

/** Spec section 8 texts. */
export const genericErrorTexts = {
  unknown: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  temporary: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  screenTitle: '알 수 없는 오류가 발생했습니다.',
  screenDescription: '서비스 이용에 불편을 드려 죄송합니다. 잠시 후 다시 시도하세요.',
} as const;
