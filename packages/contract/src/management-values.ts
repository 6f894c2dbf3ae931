// No zod here: what channel management's first load needs of management.ts at run time (docs/decisions/057).
import { CHANNEL_STATUS_VALUES, CHANNEL_TYPE_VALUES, MEMBER_ROLE_VALUES, oneOf } from './enum-values';
import type { ChannelStatus, ChannelType, MemberRole } from './enums';

/** A person's applications are counted up to this many (the tab's count and the list's total); the pager pages on past it. */
export const APPLY_RESULT_COUNT_CAP = 1_000;

export type ManagementFilters = { channelTypes: ChannelType[]; statuses: ChannelStatus[]; roles: MemberRole[] };

/**
 * `filters` is comma-joined tokens from three enumerations that never share a
 * value: channel types, channel statuses and roles. Within a kind any token
 * matches; across kinds all must.
 */
export function splitManagementFilters(tokens: readonly string[]): ManagementFilters {
  const filters: ManagementFilters = { channelTypes: [], statuses: [], roles: [] };
  for (const token of tokens) {
    if (oneOf(CHANNEL_TYPE_VALUES, token)) filters.channelTypes.push(token);
    else if (oneOf(CHANNEL_STATUS_VALUES, token)) filters.statuses.push(token);
    else if (oneOf(MEMBER_ROLE_VALUES, token)) filters.roles.push(token);
  }
  return filters;
}

