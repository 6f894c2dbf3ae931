import { useMutation } from '@tanstack/react-query';
import { UploadedImage } from '@studio/contract/application';
import { genericErrorTexts, isErrorBody } from '@studio/contract/error-body';
import { ApiError, clientErrorCodes } from '../../../lib/api-error';
import { serverUrl } from '../../../lib/runtime-config';

/** An upload carries a file, not JSON, and may take longer than the 5 s of an API call. */
const UPLOAD_TIMEOUT_MS = 30_000;

export async function uploadProfileImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(serverUrl('/api/applications/profile-image'), {
      method: 'POST',
      body,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: clientErrorCodes.network, message: genericErrorTexts.unknown, cause });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(json)) throw new ApiError({ status: response.status, code: json.code, message: json.message, path: json.path, extra: json.extra });
    throw new ApiError({ status: response.status, code: clientErrorCodes.unknown, message: genericErrorTexts.unknown });
  }
  const parsed = UploadedImage.safeParse(json);
  if (!parsed.success) throw new ApiError({ status: response.status, code: clientErrorCodes.invalidResponse, message: genericErrorTexts.unknown, cause: parsed.error });
  return parsed.data;
}

/** Failures go to the shared handler (a toast with the server's reason: not an image, too large). */
export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
