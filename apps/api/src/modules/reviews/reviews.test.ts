import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../../../test/support/app';
import { loadConfig } from '../../config';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (context: TestContext, query: string) => context.app.inject({ url: `/shop-api/reviews/summaries?${query}` });

describe('GET /shop-api/reviews/summaries', () => {
  it('answers review figures per SKU from the platform (the sandbox by default), cacheable for ten minutes', async () => {
    const res = await get(ctx, 'skus=SILDENAFIL,WEGOVY');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('refuses a malformed or oversized list with a 400 naming the field', async () => {
    expect((await get(ctx, 'skus=')).statusCode).toBe(400);
    expect((await get(ctx, `skus=${encodeURIComponent('<script>')}`)).statusCode).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => `SKU${i}`).join(',');
    const res = await get(ctx, `skus=${many}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('skus');
  });

  it('answers 503 when the platform cannot be reached, so the page shows its default rating', async () => {
    const down = await createTestContext({ REVIEWS_PLATFORM: 'trustpilot', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_BUSINESS_UNIT_ID: 'bu', TRUSTPILOT_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const res = await get(down, 'skus=SILDENAFIL');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'REVIEWS_UNAVAILABLE', message: 'Reviews cannot be shown just now.' });
    } finally {
      await down.close();
    }
  });
});

describe('GET /shop-api/reviews/source', () => {
  it('names the platform the figures come from: the sandbox (illustrative) by default, Trustpilot, or none', async () => {
    expect((await ctx.app.inject({ url: '/shop-api/reviews/source' })).json()).toEqual({ platform: 'sandbox' });
    for (const [env, platform] of [
      [{ REVIEWS_PLATFORM: 'trustpilot', TRUSTPILOT_API_KEY: 'k', TRUSTPILOT_BUSINESS_UNIT_ID: 'bu' }, 'trustpilot'],
      [{ REVIEWS_PLATFORM: 'off' }, 'off'],
    ] as const) {
      const other = await createTestContext(env);
      try {
        expect((await other.app.inject({ url: '/shop-api/reviews/source' })).json()).toEqual({ platform });
      } finally {
        await other.close();
      }
    }
  });
});

describe('reviews platform configuration', () => {
  it('is off in production unless Trustpilot is configured, and never the sandbox there', () => {
    expect(loadConfig(PRODUCTION_ENV).REVIEWS_PLATFORM).toBe('off');
    expect(() => loadConfig({ ...PRODUCTION_ENV, REVIEWS_PLATFORM: 'sandbox' })).toThrow(/REVIEWS_PLATFORM/);
    expect(() => loadConfig({ NODE_ENV: 'test', REVIEWS_PLATFORM: 'trustpilot' })).toThrow(/TRUSTPILOT_API_KEY/);
  });
});
