import type { LiveListQuery } from './get-lives';

/** Under the channel's root key, so anything that drops a channel's data drops these too. */
export const liveKeys = {
  all: (channelId: number) => ['channel', channelId, 'lives'] as const,
  lists: (channelId: number) => [...liveKeys.all(channelId), 'list'] as const,
  list: (channelId: number, query: LiveListQuery) => [...liveKeys.lists(channelId), query] as const,
  streamKeys: (channelId: number) => [...liveKeys.all(channelId), 'stream-keys'] as const,
  restreamTargets: (channelId: number, kampChannelId: string) => [...liveKeys.streamKeys(channelId), kampChannelId, 'restream-targets'] as const,
  lives: (channelId: number) => [...liveKeys.all(channelId), 'live'] as const,
  live: (channelId: number, liveId: number) => [...liveKeys.lives(channelId), liveId] as const,
  streamState: (channelId: number, liveId: number) => [...liveKeys.live(channelId, liveId), 'stream-state'] as const,
  playerInfo: (channelId: number, liveId: number) => [...liveKeys.live(channelId, liveId), 'player-info'] as const,
};
