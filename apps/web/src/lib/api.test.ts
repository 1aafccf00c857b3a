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
