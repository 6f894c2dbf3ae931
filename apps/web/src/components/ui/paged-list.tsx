import { type QueryKey, type UseSuspenseQueryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useTransition } from 'react';
import type { Page } from '@studio/contract/page';
import { QueryBoundary } from '../errors/query-boundary';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { usePagedListT } from './paged-list-messages';
import { Pagination } from './pagination';

/** `P` is the page's type: the spec's paged response, or one extending it (a keyset page's cursors). */
type PagedListProps<P extends Page<unknown>, K extends QueryKey> = {
  /** The page to show; the list suspends until it is there (a route loader usually has it ready). */
  query: UseSuspenseQueryOptions<P, Error, P, K>;
  /** Shown instead of the list and the pager when there is nothing at all (filters included). */
  empty: ReactNode;
  /** The rows; `busy` while another page is on its way and these still show. */
  children: (items: P['content'], busy: boolean) => ReactNode;
  onPageChange: (page: number) => void;
  /** The most the server counts for this list's total (the contract's cap): the pager pages on past it. */
  countCap?: number;
  compact?: boolean;
};

function PagedListBody<P extends Page<unknown>, K extends QueryKey>({ query, empty, children, onPageChange, countCap }: PagedListProps<P, K>) {
  const t = usePagedListT();
  const { data } = useSuspenseQuery(query);
  // The next page suspends: inside a transition the rows on screen stay until it arrives.
  const [busy, startTransition] = useTransition();
  const lastPage = Math.max(0, Math.ceil(data.totalElements / data.size) - 1);
  if (data.totalElements > 0 && data.content.length === 0 && data.number > lastPage) {
    // An address with a page number past the end (an old link, a list that shrank): say so, and offer the way back.
    return (
      <EmptyState
        compact
        title={t('pagination.pastEnd')}
        // A capped total does not know where the list ends: only an exact one names its last page.
        description={countCap !== undefined && data.totalElements >= countCap ? undefined : t('pagination.pastEndDescription', { total: lastPage + 1 })}
        action={
          <Button size="small" onClick={() => startTransition(() => onPageChange(lastPage))}>
            {t('pagination.toLast')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      {data.totalElements === 0 ? (
        empty
      ) : (
        <>
          {children(data.content, busy)}
          <Pagination
            page={data.number}
            size={data.size}
            totalElements={data.totalElements}
            last={data.last}
            countCap={countCap}
            onChange={(page) => startTransition(() => onPageChange(page))}
          />
        </>
      )}
    </>
  );
}

/**
 * One paged list: loading, the inline error with retry, empty, the rows and
 * the pager, the same everywhere a page of a list is shown.
 */
export function PagedList<P extends Page<unknown>, K extends QueryKey>({ compact, ...props }: PagedListProps<P, K>) {
  return (
    <QueryBoundary compact={compact}>
      <PagedListBody {...props} />
    </QueryBoundary>
  );
}
