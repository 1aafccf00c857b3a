import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('/shop-api/x', { codes: 'A,B', limit: 8, skip: undefined })).toBe('/shop-api/x?codes=A%2CB&limit=8');
    expect(buildUrl('/shop-api/x')).toBe('/shop-api/x');
  });

  it('sends cookies and asks for JSON', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/shop-api/ping', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("throws a typed error carrying the API's code and message", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'No such product' }), { status: 404 }));
    const error = await apiRequest('/shop-api/products/by-slug/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such product', isNotFound: true });
  });

  it('turns a network failure into a friendly error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/shop-api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('hides a server error that is not in the API shape', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/shop-api/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });
});

describe('an expired access cookie', () => {
  /** A server whose access cookie has expired until the tab refreshes its session (once, if `refreshes`). */
  function expiredSession({ refreshes }: { refreshes: boolean }) {
    let signedIn = false;
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/shop-api/token/refresh') {
        // Held open a moment, so calls failing together find the refresh still running.
        await new Promise((resolve) => setTimeout(resolve, 20));
        signedIn = refreshes;
        return new Response(refreshes ? '{}' : JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Your session has ended.' }), { status: refreshes ? 200 : 401 });
      }
      if (url === '/shop-api/login') return new Response(JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Wrong' }), { status: 401 });
      return signedIn
        ? new Response(JSON.stringify({ url }), { status: 200 })
        : new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'You need to log in to view this page' }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    return calls;
  }

  it('refreshes the session once for calls failing together, and retries each once', async () => {
    const calls = expiredSession({ refreshes: true });
    const replies = await Promise.all([apiRequest('/shop-api/me'), apiRequest('/shop-api/orders'), apiRequest('/shop-api/account/home')]);
    expect(replies).toEqual([{ url: '/shop-api/me' }, { url: '/shop-api/orders' }, { url: '/shop-api/account/home' }]);
    expect(calls.filter((url) => url === '/shop-api/token/refresh')).toHaveLength(1);
    expect(calls.filter((url) => url === '/shop-api/me')).toHaveLength(2);
  });

  it('gives the first 401 back when the session cannot be refreshed, without retrying', async () => {
    const calls = expiredSession({ refreshes: false });
    await expect(apiRequest('/shop-api/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(calls).toEqual(['/shop-api/me', '/shop-api/token/refresh']);
    // A later failure may try again: a failed refresh is not remembered.
    await expect(apiRequest('/shop-api/me')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((url) => url === '/shop-api/token/refresh')).toHaveLength(2);
  });

  it('takes a wrong password at login as the answer, not as an expired session', async () => {
    const calls = expiredSession({ refreshes: true });
    await expect(apiRequest('/shop-api/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(calls).toEqual(['/shop-api/login']);
  });
});
