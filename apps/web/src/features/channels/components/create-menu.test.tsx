// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatableChannel } from '@studio/contract/channel';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { creatableChannelsQueryOptions } from '../api/get-creatable-channels';
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
// A SERVICE channel whose every create flag is off: nothing to offer.
const harbor: CreatableChannel = {
  channelId: 11,
  name: 'Harbor Radio',
  profileImageUrl: null,
  channelType: 'MEDIA_CHANNEL',
  options: [],
};

/**
 * Shares the menu's query, so its text appears in the same commit in which the
 * menu rendered the answer: asserting that the menu shows nothing is only
 * meaningful once this is on screen (before, the menu is empty because it is loading).
 */
function AnswerArrived() {
  const { data } = useQuery(creatableChannelsQueryOptions());
  return data ? <p>answered</p> : null;
}

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

  it('leaves out a channel that offers no option', async () => {
    stubFetch({ 'GET /api/my/channels/creatable': { body: [media, harbor] } });
    renderWithProviders(<CreateMenu />);

    expect(await screen.findByRole('list', { name: 'Studio Daily' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Harbor Radio' })).toBeNull();
    expect(screen.queryByText('Harbor Radio')).toBeNull();
  });

  it.each([
    ['no channel at all', []],
    ['only channels without options', [harbor]],
  ])('is hidden entirely with %s', async (_case, body) => {
    stubFetch({ 'GET /api/my/channels/creatable': { body } });
    const { container } = renderWithProviders(
      <>
        <div data-testid="menu">
          <CreateMenu />
        </div>
        <AnswerArrived />
      </>,
    );
    await screen.findByText('answered');
    expect(screen.getByTestId('menu').innerHTML).toBe('');
    expect(container.querySelector('nav')).toBeNull();
  });
});
