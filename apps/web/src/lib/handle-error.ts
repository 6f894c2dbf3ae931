import { ApiError } from './api-error';
import { assignLocation, loginUrl } from './browser-location';
import { errorMessage } from './error-message';
import { errorCodeText } from './i18n/i18n';
import { showToast } from './toast';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'AUTH_UNAUTHORIZED';
}

/**
 * The one place failures become feedback: a logged-out person is told so and
 * sent to login with the way back; everything else is a toast.
 */
export function handleError(error: unknown): void {
  if (isUnauthorized(error)) {
    showToast(errorCodeText('AUTH_UNAUTHORIZED'), { toastId: 'AUTH_UNAUTHORIZED' });
    assignLocation(loginUrl(window.location.href));
    return;
  }
  showToast(errorMessage(error));
}
