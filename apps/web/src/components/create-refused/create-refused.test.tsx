// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelDetail } from '@studio/contract/member';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render';

/**
 * Issue 25, point 3: a create page whose option is off says why (paused, stopped, the channel's
 * status) instead of its form, through the app's own routes and loaders.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function channel(overrides: Partial<ChannelDetail> = {}): ChannelDetail {
  return {
    id: 7,
    name: 'Studio Daily',
    channelInfo: { profileImageUrl: null, channelType: { code: 'MEDIA_CHANNEL' } },
    status: { code: 'SERVICE' },
    serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'SERVICE' } },
    consumerInfo: { useMainnews: true, useDocumentWrite: true, usePostWrite: true },
    channelLabelInfo: { labels: [] },
    role: 'OWNER',
    subscriberCount: 0,
    showSubscriberCount: true,
    ...overrides,
  };
}

describe('a create page whose option is off', () => {
  it('the loop upload page of a channel whose shorts are paused says so, and offers no picker', async () => {
    const fetchMock = stubFetch({ 'GET /api/channels/7': { body: channel({ serviceStatus: { shortsStatus: { code: 'PAUSE' }, liveStatus: { code: 'SERVICE' } } }) } });
    await renderRoute('/channels/7/videos/shorts/upload');
    expect(await screen.findByText('운영자가 이 채널의 루프 업로드 기능을 일시 중지했습니다. 다시 열리면 이용할 수 있습니다.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '루프 업로드' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '채널 홈으로' }).getAttribute('href')).toBe('/studio/channels/7');
    expect(screen.queryByRole('button', { name: '파일 선택' })).toBeNull();
    // Nothing of the upload page is read for a page that refuses.
    expect(fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)))).not.toContainEqual(expect.stringContaining('/loops'));
  });

  it('tells stopped shorts apart from paused ones', async () => {
    stubFetch({ 'GET /api/channels/7': { body: channel({ serviceStatus: { shortsStatus: { code: 'TERMINATE' }, liveStatus: { code: 'SERVICE' } } }) } });
    await renderRoute('/channels/7/videos/shorts/upload');
    expect(await screen.findByText('이 채널의 루프 업로드 기능은 중지되었습니다. 새로 만들 수 없습니다.')).toBeTruthy();
  });

  it('the post page of a channel the operator stopped names its status', async () => {
    stubFetch({ 'GET /api/channels/7': { body: channel({ status: { code: 'STOP' } }) } });
    await renderRoute('/channels/7/contents/post/create');
    expect(await screen.findByText('이 채널은 지금 중지 상태입니다. 채널이 서비스 중일 때만 새로 만들 수 있습니다.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '포스트' })).toBeTruthy();
  });

  it('the new article page of a channel without contents says it is not used there', async () => {
    stubFetch({ 'GET /api/channels/7': { body: channel({ consumerInfo: { useMainnews: true, useDocumentWrite: false, usePostWrite: true } }) } });
    await renderRoute('/editor/7/draft');
    expect(await screen.findByText('이 채널에서는 콘텐츠 기능을 사용하지 않습니다.')).toBeTruthy();
  });
});
