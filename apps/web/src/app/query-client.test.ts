// @vitest-environment jsdom
import { type QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../features/users/api/get-me';
import { ApiError } from '../lib/api-error';
import { createQueryClient, FRESH_AFTER_FETCH_MS } from './query-client';

vi.mock('../lib/handle-error', async (importOriginal) => ({
  ...(await importOriginal<typeof HandleError>()),
  handleError: vi.fn(),
}));
import type * as HandleError from '../lib/handle-error';
const { handleError } = await import('../lib/handle-error');

const unauthorized = new ApiError({ status: 401, code: 'AUTH_UNAUTHORIZED', message: 'logged out' });
const denied = new ApiError({ status: 403, code: 'ACCESS_DENIED', message: 'denied' });

afterEach(() => {
  vi.clearAllMocks();
});

describe('createQueryClient', () => {
  it('does not retry a failed query and sends only AUTH_UNAUTHORIZED query errors to the shared handler', async () => {
    const client = createQueryClient();
    const deniedFn = vi.fn(() => Promise.reject(denied));
    await expect(client.fetchQuery({ queryKey: ['denied'], queryFn: deniedFn })).rejects.toBe(denied);
    expect(deniedFn).toHaveBeenCalledTimes(1);
    expect(handleError).not.toHaveBeenCalled();

    await expect(client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(unauthorized) })).rejects.toBe(unauthorized);
    expect(handleError).toHaveBeenCalledWith(unauthorized);
  });

  it('sends every mutation error to the shared handler, without retrying', async () => {
    const client = createQueryClient();
    const mutationFn = vi.fn(() => Promise.reject(denied));
    await expect(client.getMutationCache().build(client, { mutationFn }).execute(undefined)).rejects.toBe(denied);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(handleError).toHaveBeenCalledWith(denied);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries).toMatchObject({ retry: false, refetchOnWindowFocus: false });
  });
});

describe('freshness after a fetch', () => {
  let answer = 0;
  const list = (queryFn: () => Promise<number>) => queryOptions({ queryKey: ['list'], queryFn });
  /** Mounts the query as a page does (an observer) and returns its unsubscribe. */
  function mount<T, K extends QueryKey>(client: QueryClient, options: QueryObserverOptions<T, Error, T, T, K>) {
    return new QueryObserver(client, options).subscribe(() => {});
  }

  it('is a few seconds, not zero: the page mounting right after its loader uses the loader’s answer', async () => {
    expect(FRESH_AFTER_FETCH_MS).toBeGreaterThanOrEqual(2_000);
    expect(FRESH_AFTER_FETCH_MS).toBeLessThanOrEqual(10_000);
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve(++answer));
    await client.ensureQueryData(list(queryFn));
    const unmount = mount(client, list(queryFn));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryFn).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('does not delay a change: invalidation refetches a mounted query at once and an unmounted one on its next mount', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve(++answer));
    await client.ensureQueryData(list(queryFn));
    const unmount = mount(client, list(queryFn));
    await client.invalidateQueries({ queryKey: list(queryFn).queryKey });
    expect(queryFn).toHaveBeenCalledTimes(2);
    unmount();

    await client.invalidateQueries({ queryKey: list(queryFn).queryKey });
    expect(queryFn).toHaveBeenCalledTimes(2);
    const remount = mount(client, list(queryFn));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(3));
    remount();
  });

  it('keeps polled queries on their interval, shorter than the freshness', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve(++answer));
    const unmount = mount(client, { ...list(queryFn), refetchInterval: 50 });
    await vi.waitFor(() => expect(queryFn.mock.calls.length).toBeGreaterThanOrEqual(4), { timeout: 4_000 });
    unmount();
  });

  it('still asks for /api/me on every mount (how a lost session is noticed)', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.resolve({} as never));
    const me = { ...meQueryOptions(), queryFn };
    await client.ensureQueryData(me);
    const unmount = mount(client, me);
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    unmount();
  });
});
