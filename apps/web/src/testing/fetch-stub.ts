import { vi } from 'vitest';

type Route = { status?: number; body?: unknown } | (() => Response | Promise<Response>);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs global fetch with answers keyed by "METHOD /path?query". An
 * unexpected call fails the test loudly instead of hanging.
 */
export function stubFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://studio.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    const route = routes[key];
    if (!route) return Promise.reject(new Error(`Unexpected fetch: ${key}`));
    if (typeof route === 'function') return Promise.resolve(route());
    return Promise.resolve(route.status === 204 ? new Response(null, { status: 204 }) : jsonResponse(route.body, route.status));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
