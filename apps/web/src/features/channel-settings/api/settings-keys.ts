/** Under the channel's root key, so anything that drops a channel's data drops these too. */
export const settingsKeys = {
  all: (channelId: number) => ['channel', channelId, 'settings'] as const,
  userProfile: (channelId: number) => [...settingsKeys.all(channelId), 'user-profile'] as const,
  members: (channelId: number) => [...settingsKeys.all(channelId), 'members'] as const,
  invites: (channelId: number) => [...settingsKeys.all(channelId), 'invites'] as const,
  transfers: (channelId: number) => [...settingsKeys.all(channelId), 'transfers'] as const,
  activity: (channelId: number) => [...settingsKeys.all(channelId), 'activity'] as const,
  activityPage: (channelId: number, page: number) => [...settingsKeys.activity(channelId), page] as const,
};
