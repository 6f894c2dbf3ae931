// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyChannel } from '@studio/contract/channel';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderRoute } from '../../../testing/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const channel = (id: number, name: string, type: MyChannel['channelInfo']['channelType']['code'], role: MyChannel['role']): MyChannel => ({
  id,
  name,
  channelInfo: { profileImageUrl: null, channelType: { code: type } },
  status: { code: 'SERVICE' },
  serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'SERVICE' } },
  consumerInfo: { useMainnews: false, useDocumentWrite: true, usePostWrite: true },
  channelLabelInfo: { labels: [] },
  role,
});

const page = (content: MyChannel[]) => ({ content, totalElements: content.length, last: true, number: 0, size: 10, numberOfElements: content.length });

describe('ChannelManagementPage', () => {
  it('shows each tab with its count, and turns chosen chips into the comma-joined filters param', async () => {
    // The first choice's page is still on its way when the second chip is chosen.
    let answerFirstChoice = () => {};
    const firstChoice = new Promise<Response>((resolve) => {
      answerFirstChoice = () => resolve(jsonResponse(page([channel(9, '커뮤니티', 'COMMUNITY_CHANNEL', 'MANAGER')])));
    });
    const fetchMock = stubFetch({
      'GET /api/channels/management/tab-count': { body: { channelCount: 2, applyResultCount: 1, inviteCount: 0 } },
      'GET /api/channels/management?page=0&size=10': {
        body: page([channel(1, 'Studio Daily', 'MEDIA_CHANNEL', 'OWNER'), channel(9, '커뮤니티', 'COMMUNITY_CHANNEL', 'MANAGER')]),
      },
      'GET /api/channels/management?filters=MANAGER&page=0&size=10': () => firstChoice,
      'GET /api/channels/management?filters=CONTENTS_CHANNEL%2CMANAGER&page=0&size=10': { body: page([]) },
    });
    // Through the real route: its loader reads each choice's page while the previous one stays on screen.
    const { router } = await renderRoute('/channels/management');

    expect(await screen.findByRole('tab', { name: '내 채널 2' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '입점 신청 결과 1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '초대 0' })).toBeTruthy();

    // Only media and contents channels have a home; only owners get the members page.
    expect((await screen.findAllByRole('link', { name: '채널 홈' })).map((link) => link.getAttribute('href'))).toEqual(['/studio/channels/1']);
    expect(screen.getAllByRole('link', { name: '멤버 관리' })).toHaveLength(1);
    expect(screen.getByText('커뮤니티').tagName).toBe('SPAN');

    // The second chip is chosen while the first one's page is still loading: both count.
    fireEvent.click(screen.getByRole('button', { name: '매니저' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: '매니저' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: '콘텐츠 채널' }));
    answerFirstChoice();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?filters=CONTENTS_CHANNEL%2CMANAGER'));
    expect(screen.getByRole('button', { name: '매니저' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('선택한 조건에 맞는 채널이 없습니다.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/channels/management?filters=CONTENTS_CHANNEL%2CMANAGER&page=0&size=10', expect.anything());
  }, 15_000);
});
