import type { AuditQuery } from '@studio/contract/operator';
import type { ChannelStatus, NoticeCategory } from '@studio/contract/enums';

export type ChannelFilter = { q: string; status: ChannelStatus | '' ; page: number };
export type NoticeFilter = { category: NoticeCategory | ''; page: number };
export type AuditFilter = Pick<AuditQuery, 'action' | 'objectType' | 'objectId'> & { page: number };

/** Every operator read under one root, so an operator change can drop them all. */
export const operatorKeys = {
  all: ['operator'] as const,
  channels: () => [...operatorKeys.all, 'channels'] as const,
  channelPage: (filter: ChannelFilter) => [...operatorKeys.channels(), filter] as const,
  notices: () => [...operatorKeys.all, 'notices'] as const,
  noticePage: (filter: NoticeFilter) => [...operatorKeys.notices(), 'page', filter] as const,
  notice: (id: number) => [...operatorKeys.notices(), 'one', id] as const,
  broadcasts: () => [...operatorKeys.all, 'broadcasts'] as const,
  audit: () => [...operatorKeys.all, 'audit'] as const,
  auditPage: (filter: AuditFilter) => [...operatorKeys.audit(), filter] as const,
};
