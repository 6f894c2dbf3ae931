import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { finishAfterFirstLoad } from './app/after-first-load';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { ApiError } from './lib/api-error';
import { initLocale } from './lib/i18n/i18n';
import './styles/global.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
finishAfterFirstLoad(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Korean needs no wait; another stored locale loads its catalogue first.
void initLocale().then(() => {
  createRoot(root, {
    // Failed calls are shown by an error boundary already; only real crashes belong in the console.
    onCaughtError: (error, info) => {
      if (!(error instanceof ApiError)) console.error(error, info.componentStack);
    },
  }).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
