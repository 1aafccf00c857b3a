import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /shop-api/products/by-slug/{slug}', () => {
  it('returns the product in the SPEC shape', async () => {
    const res = await get('/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK');
    expect(res.statusCode).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product).toMatchObject({ slug: 'wegovy', code: 'WEGOVY', isPrescriptionOnly: true, category: 'weight-loss' });
    expect(product.variants.length).toBeGreaterThan(0);
    expect(product.variants[0]!.prices.map((p) => p.freq).sort()).toEqual([1, 30, 90]);
  });

  it.each(['wegovy', 'mounjaro', 'sildenafil', 'tadalafil', 'finasteride', 'minoxidil', 'power-shampoo'])(
    'has %s in the demo catalogue',
    async (slug) => {
      expect((await get(`/shop-api/products/by-slug/${slug}?channel=WEB_WL_UK`)).statusCode).toBe(200);
    },
  );

  it('has a supplement with a nutrition table', async () => {
    const res = await get('/shop-api/products/by-code?codes=DAILY-MULTIVITAMIN');
    const [supplement] = res.json();
    expect(supplement.category).toBe('supplements');
    expect(supplement.attributes.some((a: { code: string }) => a.code === 'nutritional_info')).toBe(true);
  });

  it('defaults to the weight-loss channel', async () => {
    expect((await get('/shop-api/products/by-slug/wegovy')).statusCode).toBe(200);
  });

  it('is cacheable: Cache-Control, ETag, and 304 for a matching If-None-Match', async () => {
    const first = await get('/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK');
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await get('/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('goes brotli-compressed to clients that accept it, as its own representation with its own ETag', async () => {
    const url = '/shop-api/products/by-slug/wegovy?channel=WEB_WL_UK';
    const plain = await get(url);
    const compressed = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.headers.etag).not.toBe(plain.headers.etag);
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': compressed.headers.etag as string })).statusCode).toBe(304);
    expect((await get(url, { 'accept-encoding': 'gzip, br;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 with the error shape for an unknown slug', async () => {
    const res = await get('/shop-api/products/by-slug/no-such-thing?channel=WEB_WL_UK');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers 404 for a product outside the channel', async () => {
    expect((await get('/shop-api/products/by-slug/wegovy?channel=WEB_BR')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for an unknown channel', async () => {
    const res = await get('/shop-api/products/by-slug/wegovy?channel=WEB_XX');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toContain('channel');
    expect(body.details.issues[0].field).toBe('querystring.channel');
  });

  it('answers 400, not 500, to a malformed slug', async () => {
    const res = await get(`/shop-api/products/by-slug/${encodeURIComponent('<script>')}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('at ');
  });
});

describe('GET /shop-api/products/by-code', () => {
  it('returns the products in the order asked', async () => {
    const res = await get('/shop-api/products/by-code?codes=TADALAFIL,SILDENAFIL&channel=WEB_WL_UK');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { code: string }) => p.code)).toEqual(['TADALAFIL', 'SILDENAFIL']);
  });

  it('returns five at most by default', async () => {
    const codes = 'WEGOVY,MOUNJARO,SILDENAFIL,TADALAFIL,FINASTERIDE,MINOXIDIL,POWER-SHAMPOO';
    expect((await get(`/shop-api/products/by-code?codes=${codes}`)).json()).toHaveLength(5);
    expect((await get(`/shop-api/products/by-code?codes=${codes}&limit=7`)).json()).toHaveLength(7);
  });

  it('leaves out unknown codes', async () => {
    const res = await get('/shop-api/products/by-code?codes=NOPE,WEGOVY');
    expect(res.json().map((p: { code: string }) => p.code)).toEqual(['WEGOVY']);
  });

  it('needs at least one code', async () => {
    expect((await get('/shop-api/products/by-code?codes=,')).statusCode).toBe(400);
    expect((await get('/shop-api/products/by-code')).statusCode).toBe(400);
  });

  it('refuses a limit out of range', async () => {
    expect((await get('/shop-api/products/by-code?codes=WEGOVY&limit=0')).statusCode).toBe(400);
    expect((await get('/shop-api/products/by-code?codes=WEGOVY&limit=abc')).statusCode).toBe(400);
  });
});
