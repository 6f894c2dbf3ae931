// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyChannel } from '@studio/contract/channel';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { ChannelSelector } from './channel-selector';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const channel = (id: number): MyChannel => ({
  id,
  name: `채널 ${id}`,
  channelInfo: { profileImageUrl: null, channelType: { code: 'MEDIA_CHANNEL' } },
  status: { code: 'SERVICE' },
  serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'SERVICE' } },
  consumerInfo: { useMainnews: false, useDocumentWrite: true, usePostWrite: true },
  channelLabelInfo: { labels: [] },
  role: 'OWNER',
});

function setup(channels: MyChannel[], hasReviewedApply: boolean) {
  stubFetch({
    'GET /api/my/channels': { body: channels },
    'GET /api/channels/management/has-reviewed-apply': { body: { hasReviewedApply } },
  });
  return renderWithProviders(<ChannelSelector />);
}

describe('ChannelSelector', () => {
  it("reads '운영 중인 채널이 없습니다' with no channel and links to channel management", async () => {
    setup([], false);
    const link = await screen.findByRole('link', { name: /운영 중인 채널이 없습니다/ });
    expect(link.getAttribute('href')).toBe('/studio/channels/management');
    expect(screen.queryByText(/관리 채널/)).toBeNull();
  });

  it("reads '관리 채널 N개' with N channels", async () => {
    setup([channel(1), channel(2), channel(3)], false);
    expect(await screen.findByRole('link', { name: /관리 채널 3개/ })).toBeTruthy();
  });

  it('shows the new-alarm marker only when an application was reviewed recently', async () => {
    const first = setup([channel(1)], true);
    expect(await screen.findByRole('img', { name: '최근 1주일 내 심사가 끝난 입점 신청이 있습니다' })).toBeTruthy();
    first.unmount();

    setup([channel(1)], false);
    await screen.findByRole('link', { name: /관리 채널 1개/ });
    expect(screen.queryByRole('img', { name: /입점 신청/ })).toBeNull();
  });
});
