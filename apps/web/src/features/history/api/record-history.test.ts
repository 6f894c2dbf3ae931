import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { recordHistoryOnce } from './record-history';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recordHistoryOnce', () => {
  it('posts the path once per page load, however often it is asked, and swallows failures', async () => {
    const fetchMock = stubFetch({ 'POST /api/my/history': { status: 500, body: 'nope' } });
    recordHistoryOnce('/studio/notices');
    recordHistoryOnce('/studio/notices');
    recordHistoryOnce('/studio/other');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ path: '/studio/notices' }) });
    // Give a rejected promise the chance to surface as unhandled; vitest fails the run if it does.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
