// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@studio/contract/notification';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { AlarmDropdown } from './alarm-dropdown';

beforeAll(() => {
  // jsdom lacks ResizeObserver, which the menu's positioning uses.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const notification = (id: number, read: boolean, channelId: number | null = 7): Notification => ({
  id,
  type: 'OPERATOR_MESSAGE',
  params: {},
  createdAt: '2026-11-22T03:00:00.000Z',
  message: `알림 ${id}`,
  imageUrl: null,
  read,
  timeString: '방금 전',
  landingUrl: '/studio/channels/7',
  channelId,
  channelName: channelId === null ? null : '스튜디오 데일리',
});

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

function setup(unread: number, items: Notification[]) {
  const fetchMock = stubFetch({
    'POST /api/my/notifications/read/1': { status: 204 },
    'GET /api/my/notifications/unread': { body: { count: unread } },
    'GET /api/my/notifications?group=ALL&page=0&size=5': {
      body: { content: items, totalElements: items.length, last: true, number: 0, size: 5, numberOfElements: items.length, nextCursor: null },
    },
    'POST /api/my/notifications/read': { status: 204 },
  });
  renderWithProviders(
    <>
      <AlarmDropdown />
      <CurrentPath />
    </>,
  );
  return fetchMock;
}

async function openWithKeyboard(name: RegExp) {
  const trigger = await screen.findByRole('button', { name });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('AlarmDropdown', () => {
  it("disables 'mark all as read' when the unread count is 0", async () => {
    setup(0, [notification(1, true)]);
    await openWithKeyboard(/^알림$/);
    const markAll = await screen.findByRole('menuitem', { name: '모두 읽음' });
    expect((markAll as HTMLButtonElement).disabled).toBe(true);
    expect(markAll.getAttribute('aria-disabled')).toBe('true');
  });

  it("shows the unread count on the button and enables 'mark all as read' that marks everything read", async () => {
    const fetchMock = setup(3, [notification(1, false), notification(2, false, null)]);
    await openWithKeyboard(/읽지 않은 알림 3개/);
    // The marker draws its number from an attribute, so it adds no text beside the button's name.
    expect(document.querySelector('[data-count="3"][aria-hidden="true"]')).toBeTruthy();

    const markAll = await screen.findByRole('menuitem', { name: '모두 읽음' });
    expect((markAll as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByText('알림 1')).toBeTruthy();
    // An operator notification carries the operator badge instead of a channel image.
    expect(screen.getAllByText('스튜디오 운영자').length).toBeGreaterThan(0);

    fireEvent.click(markAll);
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/my/notifications/read', expect.objectContaining({ method: 'POST', body: '{}' })),
    );
  });

  it('shows the empty state and the more link', async () => {
    setup(0, []);
    await openWithKeyboard(/^알림$/);
    expect(await screen.findByText('새로운 알림이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /더보기/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '더보기' }).getAttribute('href')).toBe('/studio/profile/alarm');
  });

  it('marks a clicked notification read, then follows its studio landing URL through the router', async () => {
    const fetchMock = setup(1, [notification(1, false)]);
    await openWithKeyboard(/읽지 않은 알림 1개/);
    fireEvent.click(await screen.findByRole('menuitem', { name: /알림 1/ }));

    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'current path' }).textContent).toBe('/channels/7'));
    expect(fetchMock).toHaveBeenCalledWith('/api/my/notifications/read/1', expect.objectContaining({ method: 'POST', body: '{}' }));
  });
});
