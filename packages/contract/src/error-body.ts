// No zod here: the browser's first load checks error bodies with this module (docs/decisions/057).
// The schema the server validates and documents with is `ErrorBody` in errors.ts.

/** Spec section 3, "Error body". `trace` is never sent in production. */
export type ErrorBody = {
  code: string;
  message: string;
  path: string;
  extra: Record<string, unknown> | null;
  trace?: string | undefined;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same test as `ErrorBody.safeParse(value).success` (errors.test.ts holds the two together). */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value)) return false;
  const { code, message, path, extra, trace } = value;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    typeof path === 'string' &&
    (extra === null || isRecord(extra)) &&
    (trace === undefined || typeof trace === 'string')
  );
}

/** Spec section 8 texts. */
export const genericErrorTexts = {
  unknown: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  temporary: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.',
  screenTitle: '알 수 없는 오류가 발생했습니다.',
  screenDescription: '서비스 이용에 불편을 드려 죄송합니다. 잠시 후 다시 시도하세요.',
} as const;
