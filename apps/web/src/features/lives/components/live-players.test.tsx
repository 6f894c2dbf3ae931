// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveDetail, PlayerInfo, StreamState } from '@studio/contract/live';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import { LivePlayers } from './live-players';

// The player itself (hls.js, a <video>) is not what is asked here: a stand-in that says which address it was given.
vi.mock('../../../components/media/hls-player', () => ({
  HlsPlayer: ({ url, testId }: { url: string; testId: string }) => <div data-testid={testId} data-url={url} />,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const live: LiveDetail = {
  liveId: 31,
  title: '아침 방송',
  thumbnailUrl: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  status: 'END',
  kampChannelId: 'kc00000000000aa1',
  channelId: 7,
  description: '',
  streamKeyTitle: '메인 스튜디오',
  startedAt: '2026-11-20T01:05:00.000Z',
  endedAt: '2026-11-20T02:00:00.000Z',
};
const streamState: StreamState = {
  liveId: 31,
  status: 'END',
  reception: 'ENDED',
  awaitingVideo: false,
  video: null,
  audio: null,
  connectedAt: null,
  uptimeSeconds: null,
  interruptedAt: null,
  graceEndsAt: null,
  health: [],
  viewers: 0,
  peakViewers: 3,
  checkedAt: '2026-11-20T02:00:05.000Z',
};
const closed = (replay: Pick<PlayerInfo, 'replay' | 'replayState' | 'replayContentId' | 'replayDurationSeconds'>): PlayerInfo => ({
  liveId: 31,
  status: 'END',
  preview: null,
  playback: null,
  replayTrim: null,
  ...replay,
});

function renderClosed(info: PlayerInfo) {
  stubFetch({
    'GET /api/channels/7/lives/streams/state/31': { body: streamState },
    'GET /api/channels/7/lives/31/player-info': { body: info },
  });
  renderWithProviders(<LivePlayers live={live} />);
}

describe('the replay of a closed live', () => {
  it('says truthfully that nothing was recorded, and offers no replay', async () => {
    renderClosed(closed({ replay: null, replayState: 'NONE', replayContentId: null, replayDurationSeconds: null }));
    // Until the player info answers, the replay reads as being prepared: the words change once it says NONE.
    const words = await screen.findByText('녹화된 영상이 없어 다시 보기가 없습니다.');
    const absent = screen.getByTestId('live-replay-absent');
    expect(absent.contains(words)).toBe(true);
    expect(absent.getAttribute('data-replay-state')).toBe('NONE');
    expect(absent.textContent).toBe('녹화된 영상이 없어 다시 보기가 없습니다.');
    expect(screen.queryByText('다시 보기를 준비하고 있습니다.')).toBeNull();
    expect(screen.queryByTestId('live-replay')).toBeNull();
    expect(screen.queryByRole('button', { name: '앞뒤 자르기' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers the replay (its player and trimming) when there is one', async () => {
    renderClosed(closed({ replay: { url: '/live/31/index.m3u8', type: 'hls' }, replayState: 'READY', replayContentId: 90, replayDurationSeconds: 754 }));
    const player = await screen.findByTestId('live-replay');
    expect(player.getAttribute('data-url')).toBe('/live/31/index.m3u8');
    expect(screen.getByRole('button', { name: '앞뒤 자르기' })).toBeTruthy();
    expect(screen.queryByTestId('live-replay-absent')).toBeNull();
    expect(screen.queryByText('녹화된 영상이 없어 다시 보기가 없습니다.')).toBeNull();
  });
});
