import { ApiError } from './api-error';
import { assignLocation, loginUrl } from './browser-location';
import { errorMessage } from './error-message';
import { errorCodeText } from './i18n/i18n';
import { showToast } from './toast';

/** Long enough to read the logged-out toast before the login page replaces the studio. */
export const LOGIN_REDIRECT_DELAY_MS = 1500;

let pendingLoginRedirect: ReturnType<typeof setTimeout> | undefined;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'AUTH_UNAUTHORIZED';
}

/**
 * The one place failures become feedback: a logged-out person is told so and
 * sent to login with the way back; everything else is a toast.
 */
export function handleError(error: unknown): void {
  if (isUnauthorized(error)) {
    // Several calls fail together when a session ends: one toast, one redirect.
    if (pendingLoginRedirect !== undefined) return;
    showToast(errorCodeText('AUTH_UNAUTHORIZED'), { toastId: 'AUTH_UNAUTHORIZED' });
    const returnTo = window.location.href;
    pendingLoginRedirect = setTimeout(() => {
      pendingLoginRedirect = undefined;
      assignLocation(loginUrl(returnTo));
    }, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  showToast(errorMessage(error));
}
