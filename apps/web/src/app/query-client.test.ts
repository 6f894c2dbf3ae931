import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { createQueryClient } from './query-client';

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
