import type { ChannelType } from '@studio/contract/enums';

export type ManagementChannelsParams = { filters: string; page: number };
export type ApplyResultsParams = { channelType: ChannelType | null; page: number };

/** One root so answering an invitation refreshes every list and the tab counts together. */
export const managementKeys = {
  all: ['channels', 'management'] as const,
  channels: (params: ManagementChannelsParams) => [...managementKeys.all, 'channels', params] as const,
  applyResults: (params: ApplyResultsParams) => [...managementKeys.all, 'apply-result', params] as const,
  invites: (page: number) => [...managementKeys.all, 'invite', page] as const,
  tabCount: () => [...managementKeys.all, 'tab-count'] as const,
};
