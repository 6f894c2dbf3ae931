// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, genericErrorTexts } from '@studio/contract/errors';
import { ApiError } from './api-error';
import type * as BrowserLocation from './browser-location';
import { handleError, LOGIN_REDIRECT_DELAY_MS } from './handle-error';
import { setLocale } from './i18n/i18n';

vi.mock('./toast', () => ({ showToast: vi.fn() }));
vi.mock('./browser-location', async (importOriginal) => ({
  ...(await importOriginal<typeof BrowserLocation>()),
  assignLocation: vi.fn(),
}));

const { showToast } = await import('./toast');

const { assignLocation } = await import('./browser-location');

const unauthorized = new ApiError({ status: 401, code: 'AUTH_UNAUTHORIZED', message: errorCatalogue.AUTH_UNAUTHORIZED.message });

describe('handleError', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/studio/channels/7?tab=info#top');
  });
  afterEach(async () => {
    vi.clearAllMocks();
    vi.useRealTimers();
    await setLocale('ko');
  });

  it('tells a logged-out person so and then sends them to login with the encoded way back, once', () => {
    vi.useFakeTimers();
    handleError(unauthorized);
    handleError(unauthorized);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.', expect.anything());
    // The toast gets a moment to be read before the page goes.
    expect(assignLocation).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS);
    expect(assignLocation).toHaveBeenCalledTimes(1);
    expect(assignLocation).toHaveBeenCalledWith(
      `/auth/login?continue=${encodeURIComponent('http://localhost:3000/studio/channels/7?tab=info#top')}`,
    );
    expect(assignLocation).toHaveBeenCalledWith(
      '/auth/login?continue=http%3A%2F%2Flocalhost%3A3000%2Fstudio%2Fchannels%2F7%3Ftab%3Dinfo%23top',
    );
  });

  it('uses the English text in the English locale', async () => {
    vi.useFakeTimers();
    await setLocale('en');
    handleError(unauthorized);
    expect(showToast).toHaveBeenCalledWith('You are currently logged out. Log in and retry.', expect.anything());
    vi.runAllTimers();
  });

  it('shows the temporary-error default for 5xx, whatever the server said', () => {
    handleError(new ApiError({ status: 503, code: 'INTERNAL_ERROR', message: 'db down' }));
    expect(showToast).toHaveBeenCalledWith(genericErrorTexts.temporary);
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('shows the temporary-error text for a database outage (503 SERVICE_UNAVAILABLE), in Korean and in English', async () => {
    const outage = { code: 'SERVICE_UNAVAILABLE', message: errorCatalogue.SERVICE_UNAVAILABLE.message, path: '/api/me', extra: null };
    handleError(new ApiError({ status: 503, ...outage }));
    expect(showToast).toHaveBeenLastCalledWith('일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.');
    await setLocale('en');
    handleError(new ApiError({ status: 503, ...outage }));
    expect(showToast).toHaveBeenLastCalledWith('A temporary error occurred. Please try again shortly.');
    // A gateway that rewrites the status keeps the body's code: still the temporary text, not a Korean fallback.
    handleError(new ApiError({ status: 429, ...outage }));
    expect(showToast).toHaveBeenLastCalledWith('A temporary error occurred. Please try again shortly.');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it("shows a product error's own message", () => {
    handleError(new ApiError({ status: 409, code: 'CHANNEL_NOT_SERVICE', message: '채널 상태가 변경되어 초대가 취소되었습니다.' }));
    expect(showToast).toHaveBeenCalledWith('채널 상태가 변경되어 초대가 취소되었습니다.');
  });

  it('shows the unknown-error default for anything else', () => {
    handleError(new Error('boom'));
    handleError('a string');
    expect(showToast).toHaveBeenNthCalledWith(1, genericErrorTexts.unknown);
    expect(showToast).toHaveBeenNthCalledWith(2, genericErrorTexts.unknown);
  });
});
