import { z } from 'zod';
import { errorCatalogue } from './error-catalogue';

export { errorCatalogue } from './error-catalogue';

export type ErrorCode = keyof typeof errorCatalogue;
export const ErrorCode = z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]);

/** Spec section 3, "Error body" (the zod-free test the browser uses is `isErrorBody`, error-body.ts). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string(),
  extra: z.record(z.string(), z.unknown()).nullable(),
  trace: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

// The error body and the generic texts live apart from the catalogue, so the browser's first load
// can check answers without carrying every code's message (error-body.ts); the catalogue itself
// has no zod (error-catalogue.ts).
export { genericErrorTexts, isErrorBody } from './error-body';
