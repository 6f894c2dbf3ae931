import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Loading } from '../ui/loading';
import { AsyncErrorBlock } from './async-error-block';
import { ErrorBoundary } from './error-boundary';
import { errorKind } from './error-kind';

type QueryBoundaryProps = { children: ReactNode; fallback?: ReactNode; compact?: boolean };

/**
 * Called from the boundary's own render, not as a child component: a throw
 * here passes a whole-page answer (no permission, not found) up to the
 * route's error screen instead of being caught by this same boundary again.
 */
function inlineFailure(error: unknown, retry: () => void, compact?: boolean): ReactNode {
  const kind = errorKind(error);
  if (kind === 'forbidden' || kind === 'notFound') throw error;
  // The shared handler is already showing the logged-out toast and leaving for the login page.
  if (kind === 'unauthorized') return null;
  return <AsyncErrorBlock error={error} onRetry={retry} compact={compact} />;
}

/**
 * Where a section reads with useSuspenseQuery: a spinner while loading, the
 * inline error block for a failure, whose retry resets the failed queries and
 * this boundary together so they fetch again.
 */
export function QueryBoundary({ children, fallback, compact }: QueryBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} fallbackRender={({ error, reset: retry }) => inlineFailure(error, retry, compact)}>
          <Suspense fallback={fallback ?? <Loading />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
