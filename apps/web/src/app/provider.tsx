import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { ErrorScreen } from '../components/errors/error-screen';
import { buttonClassName } from '../components/ui/button';
import { Toaster } from '../components/ui/toaster';
import { errorScreenTexts } from '../lib/error-screen';
import { useT } from '../lib/i18n/i18n';
import { runtimeConfig } from '../lib/runtime-config';
import { STUDIO_BASENAME } from '../utils/studio-path';

function GlobalErrorScreen({ error }: { error: unknown }) {
  const t = useT();
  return (
    <ErrorScreen
      fullPage
      {...errorScreenTexts(error, runtimeConfig().env)}
      action={
        // Outside the router (it may be what failed): a full page load home.
        <a href={`${STUDIO_BASENAME}/`} className={buttonClassName('primary')}>
          {t('error.home')}
        </a>
      }
    />
  );
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ErrorBoundary fallbackRender={({ error }) => <GlobalErrorScreen error={error} />}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
