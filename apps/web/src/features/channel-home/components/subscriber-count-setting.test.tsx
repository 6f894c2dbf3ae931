// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelDetail } from '@studio/contract/member';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { channelQueryOptions } from '../api/get-channel';
import { ChannelHome } from './channel-home';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function channel(overrides: Partial<ChannelDetail> & { type?: ChannelDetail['channelInfo']['channelType']['code'] } = {}): ChannelDetail {
  const { type = 'MEDIA_CHANNEL', ...rest } = overrides;
  return {
    id: 7,
    name: 'Studio Daily',
    channelInfo: { profileImageUrl: null, channelType: { code: type } },
    status: { code: 'SERVICE' },
    serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'SERVICE' } },
    consumerInfo: { useMainnews: true, useDocumentWrite: true, usePostWrite: true },
    channelLabelInfo: { labels: [{ code: 'OFFICIAL', name: '공식' }] },
    role: 'OWNER',
    subscriberCount: 128_450,
    showSubscriberCount: true,
    ...rest,
  };
}

const emptyPage = { content: [], totalElements: 0, last: true, number: 0, size: 10, numberOfElements: 0 };

function renderHome(detail: ChannelDetail, extra: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    'GET /api/channels/7': { body: detail },
    'GET /api/channels/7/contents?page=0&size=10': { body: emptyPage },
    ...extra,
  });
  const result = renderWithProviders(<ChannelHome channelId={7} />, { path: '/channels/7' });
  return { ...result, fetchMock };
}

describe('the subscriber-count setting', () => {
  it('is a switch for the owner of a media channel, which saves and then shows the saved state', async () => {
    const { fetchMock, queryClient } = renderHome(channel(), {
      'PUT /api/channels/7/settings/subscriber-count': () => jsonResponse({ showSubscriberCount: false }),
    });
    const toggle = await screen.findByRole('switch', { name: '채널에 구독자 수 공개' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('128,450명')).toBeTruthy();

    fireEvent.click(toggle);
    await screen.findByText('채널에 구독자 수를 공개하지 않습니다.');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ showSubscriberCount: false });
    expect(queryClient.getQueryData(channelQueryOptions(7).queryKey)?.showSubscriberCount).toBe(false);
  });

  it('is read-only for a manager of a media channel', async () => {
    renderHome(channel({ role: 'MANAGER' }));
    await screen.findByText('구독자 수 공개 여부는 채널 소유자만 바꿀 수 있습니다.');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: '채널 나가기' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '멤버 및 설정' })).toBeNull();
  });

  it('does not exist for a contents channel, even for its owner', async () => {
    renderHome(channel({ type: 'CONTENTS_CHANNEL', name: 'Cooking Notes' }));
    await screen.findByRole('heading', { level: 1, name: 'Cooking Notes' });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('구독자 수 공개')).toBeNull();
    expect(screen.queryByText('128,450명')).toBeNull();
    expect(screen.getByRole('link', { name: '멤버 및 설정' }).getAttribute('href')).toBe('/studio/channels/7/settings');
  });
});
