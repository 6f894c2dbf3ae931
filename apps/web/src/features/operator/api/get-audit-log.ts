import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditPage } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { type AuditFilter, operatorKeys } from './operator-keys';

const AUDIT_PAGE_SIZE = 20;

export function getAuditLog(filter: AuditFilter, signal?: AbortSignal) {
  const { page, ...rest } = filter;
  const query: Record<string, string | number> = { page, size: AUDIT_PAGE_SIZE };
  for (const [key, value] of Object.entries(rest)) if (value) query[key] = value;
  return apiClient.get('/api/operator/audit', AuditPage, { query, signal });
}

export function auditLogQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: operatorKeys.auditPage(filter),
    queryFn: ({ signal }) => getAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
