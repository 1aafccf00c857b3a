import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/app';
import { rawGet } from './support/raw-get';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext({ CATALOG_CACHE_SECONDS: '60' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

// The budgeted reads of issue 21: after the first, each is answered before Fastify and must not differ from it.
describe.each([
  '/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK',
  '/shop-api/products/by-code?codes=WEGOVY,MOUNJARO&channel=WEB_WL_UK',
  '/shop-api/questionnaires/by-slug/weight-loss',
])('GET %s over a socket', (path) => {
  it('answers every later read with the status, headers and bytes of the first', async () => {
    const first = await rawGet(`${base}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-security-policy']).toBeDefined();
    expect(first.headers['cache-control']).toBeDefined();
    for (let i = 0; i < 3; i += 1) expect(await rawGet(`${base}${path}`)).toEqual(first);
    const compressed = await rawGet(`${base}${path}`, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(await rawGet(`${base}${path}`, { 'accept-encoding': 'br' })).toEqual(compressed);
  });
});

describe('a conditional catalogue read over a socket', () => {
  it('answers 304 to a matching If-None-Match every time, with the headers of the first 304', async () => {
    const url = `${base}/shop-api/products/by-slug/mounjaro?channel=WEB_WL_UK`;
    const { etag } = (await rawGet(url)).headers;
    const first = await rawGet(url, { 'if-none-match': etag as string });
    expect(first.status).toBe(304);
    expect(first.body.length).toBe(0);
    expect(first.headers.etag).toBe(etag);
    expect(await rawGet(url, { 'if-none-match': etag as string })).toEqual(first);
    expect((await rawGet(url, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('still answers 400 and 404 with the error shape', async () => {
    for (let i = 0; i < 2; i += 1) {
      const unknownChannel = await rawGet(`${base}/shop-api/products/by-slug/wegovy?channel=WEB_XX`);
      expect(unknownChannel.status).toBe(400);
      expect(JSON.parse(unknownChannel.body.toString()).code).toBe('VALIDATION_ERROR');
      const unknown = await rawGet(`${base}/shop-api/products/by-slug/no-such-thing`);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body.toString())).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });
});
