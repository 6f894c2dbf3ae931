/** Under the channel's root key, so anything that drops a channel's data drops these too. */
export const settingsKeys = {
  /** The channel's root key (its home reads under it too): what a profile change makes stale. */
  channel: (channelId: number) => ['channel', channelId] as const,
  all: (channelId: number) => [...settingsKeys.channel(channelId), 'settings'] as const,
  profile: (channelId: number) => [...settingsKeys.all(channelId), 'profile'] as const,
  userProfile: (channelId: number) => [...settingsKeys.all(channelId), 'user-profile'] as const,
  members: (channelId: number) => [...settingsKeys.all(channelId), 'members'] as const,
  invites: (channelId: number) => [...settingsKeys.all(channelId), 'invites'] as const,
  transfers: (channelId: number) => [...settingsKeys.all(channelId), 'transfers'] as const,
  activity: (channelId: number) => [...settingsKeys.all(channelId), 'activity'] as const,
  activityPage: (channelId: number, page: number) => [...settingsKeys.activity(channelId), page] as const,
};
