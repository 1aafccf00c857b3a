import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedSummaries, groupSummaries, seedReviews, type ReviewsPort } from './reviews';

afterEach(() => window.sessionStorage.clear());

describe('review summaries', () => {
  it('the seed adapter answers only for products it has reviews of', async () => {
    expect(await seedReviews.summaries(['SILDENAFIL', 'WEGOVY'])).toEqual({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
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
    expect(await groupSummaries('hair', seedReviews)).toHaveLength(2);
    expect(await groupSummaries(null, seedReviews)).toEqual([]);
    const down: ReviewsPort = { summaries: async () => Promise.reject(new Error('platform down')) };
    expect(await groupSummaries('sildenafil', down)).toEqual([]);
  });
});
