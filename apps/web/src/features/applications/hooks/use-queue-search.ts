import { useCallback, useMemo } from 'react';
import { ApplicationAge, ApplyChannelType } from '@studio/contract/application';
import { ApplicantKind, ApplicationStatus } from '@studio/contract/enums';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';
import type { QueueParams } from '../api/application-keys';

/** The queue's filters and page from the URL; unknown values are dropped rather than sent. */
export function readQueueSearch(params: URLSearchParams): QueueParams {
  const pick = <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, key: string): T | undefined => {
    const parsed = schema.safeParse(params.get(key));
    return parsed.success ? parsed.data : undefined;
  };
  const page = Number(params.get('page'));
  return {
    status: pick(ApplicationStatus, 'status'),
    channelType: pick(ApplyChannelType, 'channelType'),
    applicantKind: pick(ApplicantKind, 'applicantKind'),
    age: pick(ApplicationAge, 'age'),
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 0,
  };
}

export function useQueueSearch() {
  const { shown, latest, setSearchParams } = useLatestSearchParams();
  const search = useMemo(() => readQueueSearch(shown), [shown]);
  const chosen = useMemo(() => readQueueSearch(latest), [latest]);
  const update = useCallback(
    (next: Partial<QueueParams>) => {
      const merged = { ...chosen, ...next };
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(merged)) {
        if (value !== undefined && value !== null && !(key === 'page' && value === 0)) params.set(key, String(value));
      }
      setSearchParams(params);
    },
    [chosen, setSearchParams],
  );
  return { search, chosen, update };
}
