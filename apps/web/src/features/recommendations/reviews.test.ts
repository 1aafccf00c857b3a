import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedSummaries, groupSummaries, shopReviews, type ReviewsPort } from './reviews';

afterEach(() => window.sessionStorage.clear());

describe('review summaries', () => {
  it("asks the shop's API for the products' summaries", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await shopReviews.summaries(['SILDENAFIL', 'WEGOVY'])).toEqual({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/shop-api/reviews/summaries?skus=SILDENAFIL%2CWEGOVY');
    vi.unstubAllGlobals();
  });

  it('asks the platform once per product code a visit, remembering codes without reviews too', async () => {
    const port: ReviewsPort = { summaries: vi.fn(async () => ({ FINASTERIDE: { numberOfReviews: 10, starsAverage: 4 } })) };
    expect(await cachedSummaries(port, ['FINASTERIDE', 'MINOXIDIL'])).toEqual([{ numberOfReviews: 10, starsAverage: 4 }]);
    expect(await cachedSummaries(port, ['FINASTERIDE', 'MINOXIDIL'])).toEqual([{ numberOfReviews: 10, starsAverage: 4 }]);
    expect(port.summaries).toHaveBeenCalledOnce();
    expect(port.summaries).toHaveBeenCalledWith(['FINASTERIDE', 'MINOXIDIL']);
    expect(JSON.parse(window.sessionStorage.getItem('reviewSummary:MINOXIDIL')!)).toBeNull();
  });

  it('pools a SKU group, and falls back to no data when the platform fails', async () => {
    const platform: ReviewsPort = { summaries: async () => ({ FINASTERIDE: { numberOfReviews: 10, starsAverage: 4 }, MINOXIDIL: { numberOfReviews: 5, starsAverage: 5 } }) };
    expect(await groupSummaries('hair', platform)).toHaveLength(2);
    expect(await groupSummaries(null, platform)).toEqual([]);
    const down: ReviewsPort = { summaries: async () => Promise.reject(new Error('platform down')) };
    expect(await groupSummaries('sildenafil', down)).toEqual([]);
  });
});
