import type { OperatorApplicationQuery } from '@studio/contract/application';

export type QueueParams = Omit<OperatorApplicationQuery, 'size'>;

export const applicationKeys = {
  all: ['applications'] as const,
  draft: () => [...applicationKeys.all, 'draft'] as const,
  queue: (params: QueueParams) => [...applicationKeys.all, 'operator-queue', params] as const,
  queueAll: () => [...applicationKeys.all, 'operator-queue'] as const,
};
