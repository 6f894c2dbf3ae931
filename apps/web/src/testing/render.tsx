import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { RouteErrorPage } from '../app/routes/route-error';
import { queryDefaults } from '../app/query-client';
import { pageRoutes } from '../app/router';

// The first test of a file pays for its imports, slow on a busy machine: a lenient wait, not a flaky one.
configure({ asyncUtilTimeout: 4000 });

/** The app's own query defaults (no retries, the short freshness after a fetch), without its error handlers. */
function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { ...queryDefaults.queries }, mutations: { ...queryDefaults.mutations } } });
}

/** Renders with a fresh query client (no retries) inside a data router under the /studio base, as the app runs. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ path: '*', element: <Suspense fallback={<p>loading</p>}>{ui}</Suspense> }], {
    basename: '/studio',
    initialEntries: [`/studio${path === '/' ? '' : path}`],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/**
 * Renders a studio page through the app's own routes: its loader, its page and
 * the route error screen, without the shell around them (header, menu).
 * Resolves once the first navigation (the lazy page's module and loader) is done.
 */
export async function renderRoute(path: string) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ errorElement: <RouteErrorPage />, children: pageRoutes(queryClient) }], {
    basename: '/studio',
    initialEntries: [`/studio${path}`],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>loading</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>,
  );
  // The first test to load a page module pays for its imports.
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  return { ...result, queryClient, router };
}
