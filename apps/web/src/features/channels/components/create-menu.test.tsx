// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatableChannel } from '@studio/contract/channel';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { CreateMenu } from './create-menu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const media: CreatableChannel = {
  channelId: 7,
  name: 'Studio Daily',
  profileImageUrl: null,
  channelType: 'MEDIA_CHANNEL',
  options: ['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE'],
};
const cooking: CreatableChannel = {
  channelId: 9,
  name: 'Cooking Notes',
  profileImageUrl: '/media/cooking.png',
  channelType: 'CONTENTS_CHANNEL',
  options: ['POST'],
};

describe('CreateMenu', () => {
  it('lists, per channel, only the options enabled for it, linking to their create pages', async () => {
    stubFetch({ 'GET /api/my/channels/creatable': { body: [media, cooking] } });
    renderWithProviders(<CreateMenu />);

    const mediaOptions = within(await screen.findByRole('list', { name: 'Studio Daily' })).getAllByRole('link');
    expect(mediaOptions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['콘텐츠', '/studio/editor/7/draft'],
      ['루프 업로드', '/studio/channels/7/videos/shorts/upload'],
      ['포스트', '/studio/channels/7/contents/post/create'],
      ['라이브 방송', '/studio/channels/7/videos/lives/create'],
    ]);

    const cookingOptions = within(screen.getByRole('list', { name: 'Cooking Notes' })).getAllByRole('link');
    expect(cookingOptions.map((link) => link.textContent)).toEqual(['포스트']);
    expect(screen.getAllByRole('link', { name: '콘텐츠' })).toHaveLength(1);
  });

  it('is hidden entirely when no channel can create', async () => {
    const fetchMock = stubFetch({ 'GET /api/my/channels/creatable': { body: [] } });
    const { container } = renderWithProviders(<CreateMenu />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
