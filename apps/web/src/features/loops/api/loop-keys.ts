export const loopKeys = {
  all: (channelId: number) => ['loops', channelId] as const,
  limits: (channelId: number) => ['loops', channelId, 'limits'] as const,
  list: (channelId: number) => ['loops', channelId, 'list'] as const,
  detail: (channelId: number, loopId: string) => ['loops', channelId, 'detail', loopId] as const,
  content: (channelId: number, contentId: number) => ['loops', channelId, 'content', contentId] as const,
};
