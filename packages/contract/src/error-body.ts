import { z } from 'zod/mini';

/** Spec section 3, "Error body". `trace` is never sent in production. */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string(),
  extra: z.nullable(z.record(z.string(), z.unknown())),
  trace: z.optional(z.string()),
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
