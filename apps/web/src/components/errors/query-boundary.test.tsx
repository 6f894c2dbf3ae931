// @vitest-environment jsdom
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { jsonResponse, stubFetch } from '../../testing/fetch-stub';
import { renderWithProviders } from '../../testing/render';
import { ErrorBoundary } from './error-boundary';
import { QueryBoundary } from './query-boundary';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Thing = z.object({ name: z.string() });
const thingOptions = queryOptions({ queryKey: ['thing'], queryFn: ({ signal }) => apiClient.get('/api/thing', Thing, { signal }) });

function ThingName() {
  const { data } = useSuspenseQuery(thingOptions);
  return <p>{data.name}</p>;
}

const failure = (status: number, code: string) => () => jsonResponse({ code, message: code, path: '/api/thing', extra: null }, status);

describe('QueryBoundary', () => {
  it('shows the inline error for a 5xx, and its retry fetches again', async () => {
    let answer = failure(503, 'SERVICE_UNAVAILABLE');
    stubFetch({ 'GET /api/thing': () => answer() });
    renderWithProviders(
      <QueryBoundary>
        <ThingName />
      </QueryBoundary>,
    );
    expect(await screen.findByText('일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.')).toBeTruthy();

    answer = () => jsonResponse({ name: 'Studio Daily' });
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('Studio Daily')).toBeTruthy();
  });

  it('passes a 404 and a 403 up to the page-level boundary instead of showing them inline', async () => {
    for (const [status, code] of [
      [404, 'NOT_FOUND'],
      [403, 'CHANNEL_ACCESS_DENIED'],
    ] as const) {
      stubFetch({ 'GET /api/thing': failure(status, code) });
      renderWithProviders(
        <ErrorBoundary fallbackRender={({ error }) => <p>page screen for {(error as { code: string }).code}</p>}>
          <QueryBoundary>
            <ThingName />
          </QueryBoundary>
        </ErrorBoundary>,
      );
      expect(await screen.findByText(`page screen for ${code}`)).toBeTruthy();
      expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
