// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAME_MAX } from '@studio/contract/channel-profile';
import { showToast } from '../../../lib/toast';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { CreateChannelDialog } from './create-channel-dialog';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const posts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe("the operator's create channel dialog", () => {
  it('counts the name and refuses one past CHANNEL_NAME_MAX with its count and a message, never cutting it or sending it', async () => {
    const fetchMock = stubFetch({});
    const onClose = vi.fn();
    renderWithProviders(<CreateChannelDialog onClose={onClose} />);
    const name = await screen.findByLabelText<HTMLInputElement>('채널 이름');
    expect(name.maxLength).toBe(-1);
    expect(screen.getByText(`0/${CHANNEL_NAME_MAX}`)).toBeTruthy();

    const tooLong = '가'.repeat(CHANNEL_NAME_MAX + 1);
    fireEvent.change(name, { target: { value: tooLong } });
    expect(name.value).toBe(tooLong);
    const counter = screen.getByText(`${CHANNEL_NAME_MAX + 1}/${CHANNEL_NAME_MAX}`);
    expect(counter.getAttribute('data-over')).toBe('true');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe(`채널 이름은 ${CHANNEL_NAME_MAX}자까지 입력할 수 있습니다. 지금 ${CHANNEL_NAME_MAX + 1}자입니다.`);
    expect(name.getAttribute('aria-describedby')?.split(' ')).toEqual([counter.id, message.id]);

    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(posts(fetchMock)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(name.value).toBe(tooLong);
  });

  it('sends a name of exactly CHANNEL_NAME_MAX characters whole (an emoji counts as one)', async () => {
    const fetchMock = stubFetch({ 'POST /api/operator/channels': () => jsonResponse({ channelId: 12, inviteId: null }, 201) });
    const onClose = vi.fn();
    renderWithProviders(<CreateChannelDialog onClose={onClose} />);
    const name = await screen.findByLabelText<HTMLInputElement>('채널 이름');
    const exact = `채널${'😀'.repeat(CHANNEL_NAME_MAX - 2)}`;
    fireEvent.change(name, { target: { value: exact } });
    const counter = screen.getByText(`${CHANNEL_NAME_MAX}/${CHANNEL_NAME_MAX}`);
    expect(counter.getAttribute('data-over')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith(`${exact} 채널을 만들었습니다.`);
    expect(posts(fetchMock).map(([, init]) => JSON.parse(init?.body as string) as unknown)).toEqual([{ name: exact, channelType: 'MEDIA_CHANNEL' }]);
  });
});
