// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAME_MAX, type ChannelProfile } from '@studio/contract/channel-profile';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { showToast } from '../../../lib/toast';
import { renderWithProviders } from '../../../testing/render';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: ChannelProfile = {
  channelId: 7,
  name: 'Studio Daily',
  description: '',
  profileImageUrl: null,
  bannerImageUrl: null,
  links: [{ url: 'https://www.youtube.com/@daily', kind: 'YOUTUBE' }],
  updatedAt: '2026-11-22T03:00:00.000Z',
};

describe('the channel profile form', () => {
  it('counts the name and refuses one past the limit with its count and a message, never cutting it or sending it', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<ProfileForm channelId={7} profile={profile} />);
    const name = screen.getByLabelText<HTMLInputElement>('채널 이름');
    expect(name.maxLength).toBe(-1);
    expect(screen.getByText(`12/${CHANNEL_NAME_MAX}`)).toBeTruthy();

    const tooLong = '가'.repeat(CHANNEL_NAME_MAX + 1);
    fireEvent.change(name, { target: { value: tooLong } });
    expect(name.value).toBe(tooLong);
    expect(screen.getByText(`${CHANNEL_NAME_MAX + 1}/${CHANNEL_NAME_MAX}`).getAttribute('data-over')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(`채널 이름은 ${CHANNEL_NAME_MAX}자까지 입력할 수 있습니다. 지금 ${CHANNEL_NAME_MAX + 1}자입니다.`);

    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows each link with the kind its domain tells, and saves the whole profile', async () => {
    const fetchMock = stubFetch({
      'PUT /api/channels/7/profile': () => jsonResponse({ profile: { ...profile, name: '새 이름' }, changed: ['NAME'] }),
    });
    renderWithProviders(<ProfileForm channelId={7} profile={profile} />);
    expect(screen.getByText('유튜브')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '링크 추가' }));
    fireEvent.change(screen.getByLabelText('링크 2'), { target: { value: 'https://pf.kakao.com/_daily' } });
    expect(screen.getByText('톡 채널')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('채널 이름'), { target: { value: '새 이름' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('채널 프로필을 저장했습니다.'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({
      name: '새 이름',
      description: '',
      profileImageUrl: null,
      bannerImageUrl: null,
      links: [{ url: 'https://www.youtube.com/@daily' }, { url: 'https://pf.kakao.com/_daily' }],
    });
  });
});

describe('the read-only view', () => {
  it('shows the profile with no field to change', () => {
    renderWithProviders(<ProfileView profile={profile} />);
    expect(screen.getByText('Studio Daily')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://www.youtube.com/@daily' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('소유자만 수정할 수 있습니다');
  });
});
