// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const body = (code: string, message: string, path: string) => ({ code, message, path, extra: null });

describe('the route error screen', () => {
  it('shows not found for a missing channel and for an id that is not one', async () => {
    stubFetch({ 'GET /api/channels/7': { status: 404, body: body('CHANNEL_NOT_FOUND', '채널을 찾을 수 없습니다.', '/api/channels/7') } });
    await renderRoute('/channels/7');
    expect(await screen.findByRole('heading', { name: '채널을 찾을 수 없습니다.' })).toBeTruthy();
    expect(screen.getByText('CHANNEL_NOT_FOUND')).toBeTruthy();
    expect(screen.getByRole('link', { name: '채널 관리로' })).toBeTruthy();
    cleanup();

    const fetchMock = stubFetch({});
    await renderRoute('/channels/abc');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows no permission for a channel without a role, and for settings of a channel one only manages', async () => {
    stubFetch({ 'GET /api/channels/7': { status: 403, body: body('CHANNEL_ACCESS_DENIED', '이 채널에 대한 권한이 없습니다.', '/api/channels/7') } });
    await renderRoute('/channels/7');
    expect(await screen.findByRole('heading', { name: '이 채널에 대한 권한이 없습니다.' })).toBeTruthy();
    expect(screen.getByText('CHANNEL_ACCESS_DENIED')).toBeTruthy();
    expect(screen.getByRole('link', { name: '채널 관리로' }).getAttribute('href')).toBe('/studio/channels/management');
    cleanup();

    stubFetch({ 'GET /api/channels/7/user-profile': { body: { isOwner: false, isManager: true, isCreditManager: false } } });
    await renderRoute('/channels/7/settings');
    expect(await screen.findByRole('heading', { name: '이 채널에 대한 권한이 없습니다.' })).toBeTruthy();
    expect(screen.getByText('CHANNEL_OWNER_ONLY')).toBeTruthy();
  });

  it('shows the error screen with code and message for a 5xx, and its retry loads the page again', async () => {
    let fail = true;
    const notice = { contentId: 3, title: '점검 안내', body: '<p>본문</p>', category: 'STUDIO', isNew: false, timeString: '2026.11.20', publishedAt: '2026-11-20T01:00:00.000Z', previous: null, next: null };
    stubFetch({
      'GET /external/notices/3': () =>
        fail
          ? new Response(JSON.stringify(body('SERVICE_UNAVAILABLE', '일시적인 오류', '/external/notices/3')), { status: 503, headers: { 'Content-Type': 'application/json' } })
          : new Response(JSON.stringify(notice), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    await renderRoute('/notices/3');
    expect(await screen.findByText('SERVICE_UNAVAILABLE')).toBeTruthy();
    expect(screen.getByRole('link', { name: '스튜디오 홈으로' })).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '점검 안내' })).toBeTruthy();
    expect(screen.queryByText('SERVICE_UNAVAILABLE')).toBeNull();
  });
});
