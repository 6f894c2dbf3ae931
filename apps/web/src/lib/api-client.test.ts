import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { genericErrorTexts } from '@studio/contract/errors';
import { CreatedInvite, CreateInviteBody } from '@studio/contract/member';
import { Me } from '@studio/contract/user';
import { stubFetch } from '../testing/fetch-stub';
import { apiClient, request } from './api-client';
import { ApiError } from './api-error';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const me = { id: 1, name: '김창작', login: 'creator', profileImageUrl: null, isUser: true, isOperator: false };

describe('apiClient', () => {
  it('fails with the spec timeout message after 5000 ms when the server never answers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);

    let settled = false;
    const outcome = apiClient.get('/api/me', Me).then(
      () => 'resolved',
      (error: unknown) => {
        settled = true;
        return error;
      },
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('5000 ms 타임아웃이 발생했습니다.');
    expect((error as ApiError).code).toBe('CLIENT_TIMEOUT');
    // The request itself is aborted, not left running.
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[1].signal?.aborted).toBe(true);
  });

  it('parses the error body into an ApiError with status, code and message', async () => {
    stubFetch({
      'GET /api/me': {
        status: 401,
        body: { code: 'AUTH_UNAUTHORIZED', message: '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.', path: '/api/me', extra: null },
      },
    });
    const error = await apiClient.get('/api/me', Me).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'AUTH_UNAUTHORIZED',
      message: '현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.',
      path: '/api/me',
    });
  });

  it('turns a failure without an error body into the unknown-error default', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))));
    const error = await apiClient.get('/api/me', Me).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: genericErrorTexts.unknown });
  });

  it('validates a successful response with the schema given', async () => {
    stubFetch({ 'GET /api/me': { body: me } });
    await expect(apiClient.get('/api/me', Me)).resolves.toEqual(me);

    stubFetch({ 'GET /api/me': { body: { ...me, isUser: 'yes' } } });
    await expect(apiClient.get('/api/me', Me)).rejects.toMatchObject({ code: 'CLIENT_INVALID_RESPONSE' });
  });

  it('sends credentials, query parameters and a JSON body on mutations (an empty object when none)', async () => {
    const fetchMock = stubFetch({
      'GET /api/my/notifications?group=ALL&page=0&size=5': { body: { ok: true } },
      'POST /api/my/notifications/read': { status: 204 },
    });
    await request('/api/my/notifications', { query: { group: 'ALL', page: 0, size: 5 }, schema: z.object({ ok: z.boolean() }) });
    await expect(apiClient.post('/api/my/notifications/read')).resolves.toBeUndefined();

    const [getUrl, getInit] = fetchMock.mock.calls[0]!;
    expect(getUrl).toBe('/api/my/notifications?group=ALL&page=0&size=5');
    expect(getInit).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });

    const [, postInit] = fetchMock.mock.calls[1]!;
    expect(postInit).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
    expect((postInit?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends a FormData as multipart with the browser-made boundary', async () => {
    const fetchMock = stubFetch({ 'POST /api/channels/1/lives/2/thumbnails': { body: { thumbnailUrl: '/media/t.jpg' } } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await request('/api/channels/1/lives/2/thumbnails', { method: 'POST', body: form, schema: z.object({ thumbnailUrl: z.string() }) });

    const [, uploadInit] = fetchMock.mock.calls[0]!;
    expect(uploadInit?.body).toBe(form);
    expect((uploadInit?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('types a mutation body by the contract schema it is sent with', async () => {
    const fetchMock = stubFetch({ 'POST /api/channels/7/invites': { status: 201, body: { inviteId: 3 } } });
    const created = await apiClient.post('/api/channels/7/invites', {
      bodySchema: CreateInviteBody,
      body: { login: 'newbie', role: 'MANAGER' },
      schema: CreatedInvite,
    });
    expect(created).toEqual({ inviteId: 3 });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: JSON.stringify({ login: 'newbie', role: 'MANAGER' }) });

    // Compile-time checks (`npx tsc -p apps/web`): never called, only type-checked.
    const wrongBodies = () => [
      // @ts-expect-error OWNER is not an invitable role
      apiClient.post('/api/channels/7/invites', { bodySchema: CreateInviteBody, body: { login: 'newbie', role: 'OWNER' } }),
      // @ts-expect-error the login is missing
      apiClient.post('/api/channels/7/invites', { bodySchema: CreateInviteBody, body: { role: 'MANAGER' } }),
      // @ts-expect-error a body without the contract schema that types it
      apiClient.post('/api/my/history', { body: { path: '/studio/' } }),
    ];
    expect(wrongBodies).toBeTypeOf('function');
  });

  it("rejects a failed call once the error texts of the page's language are in, so it is worded at once", async () => {
    vi.resetModules();
    const [client, i18n] = await Promise.all([import('./api-client'), import('./i18n/i18n')]);
    expect(i18n.hasErrorCodeText('CHANNEL_NOT_FOUND')).toBe(false);
    stubFetch({ 'GET /api/me': { status: 404, body: { code: 'CHANNEL_NOT_FOUND', message: '채널을 찾을 수 없습니다.', path: '/api/me', extra: null } } });
    await expect(client.apiClient.get('/api/me', Me)).rejects.toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    expect(i18n.hasErrorCodeText('CHANNEL_NOT_FOUND')).toBe(true);
  });

  it('reports a network failure as an ApiError with no status', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiClient.get('/api/me', Me)).rejects.toMatchObject({ status: 0, code: 'CLIENT_NETWORK' });
  });
});
