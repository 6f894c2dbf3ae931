import type { ContentListParams } from '../hooks/use-content-filters';

/** One root per channel so leaving a channel can drop everything cached about it at once. */
export const channelKeys = {
  channel: (channelId: number) => ['channel', channelId] as const,
  detail: (channelId: number) => [...channelKeys.channel(channelId), 'detail'] as const,
  contents: (channelId: number) => [...channelKeys.channel(channelId), 'contents'] as const,
  contentList: (channelId: number, params: ContentListParams) => [...channelKeys.contents(channelId), params] as const,
};
