/**
 * Under the channel's root key (['channel', id]) like every channel read, so
 * dropping a channel's data drops these too, and a change here refreshes the
 * channel home's content list, which lives under the same 'contents' branch.
 */
export const contentKeys = {
  all: (channelId: number) => ['channel', channelId, 'contents'] as const,
  detail: (channelId: number, contentId: number) => [...contentKeys.all(channelId), 'detail', contentId] as const,
  preview: (channelId: number, contentId: number) => [...contentKeys.all(channelId), 'preview', contentId] as const,
};
