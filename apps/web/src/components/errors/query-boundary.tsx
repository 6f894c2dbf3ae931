import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Loading } from '../ui/loading';
import { AsyncErrorBlock } from './async-error-block';
import { ErrorBoundary } from './error-boundary';

type QueryBoundaryProps = { children: ReactNode; fallback?: ReactNode; compact?: boolean };

/** Suspense for loading, the inline error block with retry for failures. */
export function QueryBoundary({ children, fallback, compact }: QueryBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallbackRender={({ error, reset: retry }) => <AsyncErrorBlock error={error} onRetry={retry} compact={compact} />}
        >
          <Suspense fallback={fallback ?? <Loading />}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
