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
  INTERNAL_ERROR: { status: 500, message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.' },
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
