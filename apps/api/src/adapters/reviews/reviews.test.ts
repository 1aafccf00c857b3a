import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordings, replayServer } from '../../../test/support/replay-server';
import { ReviewsPlatformError } from './port';
import { sandboxReviews } from './sandbox';
import { trustpilotReviews } from './trustpilot';

const recordings = readRecordings(new URL('./recordings/trustpilot.json', import.meta.url));
const BATCH_SUMMARIES = '/v1/product-reviews/business-units/bu-123/batch-summaries';

/** Trustpilot replayed: the good key gets the summaries, any other the recorded 401. */
let platform: Awaited<ReturnType<typeof replayServer>>;
let baseUrl: string;
beforeAll(async () => {
  platform = await replayServer(({ url, headers }) => (url === BATCH_SUMMARIES && headers.apikey === 'tp_key' ? recordings['batch-summaries']! : recordings.unauthorised!));
  baseUrl = platform.baseUrl;
});
afterAll(() => platform.close());

const trustpilot = (apiKey = 'tp_key', base = baseUrl) => trustpilotReviews({ apiKey, businessUnitId: 'bu-123', baseUrl: base });

describe.each([
  ['the sandbox', () => sandboxReviews()],
  ['Trustpilot (recorded replies)', () => trustpilot()],
])('%s', (_name, make) => {
  it('answers the SKUs that have reviews, and leaves out the ones without', async () => {
    const summaries = await make().summaries(['SILDENAFIL', 'FINASTERIDE', 'MINOXIDIL', 'WEGOVY']);
    expect(summaries.SILDENAFIL).toEqual({ numberOfReviews: 412, starsAverage: 4.7 });
    expect(summaries.FINASTERIDE).toEqual({ numberOfReviews: 190, starsAverage: 4.4 });
    expect(summaries.WEGOVY).toBeUndefined();
  });
});

describe('Trustpilot adapter', () => {
  it('posts the SKUs to the batch-summaries endpoint with the key in the apikey header, and drops SKUs with no reviews', async () => {
    const summaries = await trustpilot().summaries(['SILDENAFIL', 'MINOXIDIL']);
    expect(platform.seen.at(-1)).toMatchObject({ method: 'POST', url: BATCH_SUMMARIES, headers: { apikey: 'tp_key' }, body: { skus: ['SILDENAFIL', 'MINOXIDIL'] } });
    expect(summaries).toEqual({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
  });

  it('asks nothing for no SKUs', async () => {
    const before = platform.seen.length;
    expect(await trustpilot().summaries([])).toEqual({});
    expect(platform.seen).toHaveLength(before);
  });

  it('fails as the platform being unavailable on a refused key or a dead server', async () => {
    await expect(trustpilot('wrong').summaries(['SILDENAFIL'])).rejects.toBeInstanceOf(ReviewsPlatformError);
    await expect(trustpilot('tp_key', 'http://127.0.0.1:9').summaries(['SILDENAFIL'])).rejects.toBeInstanceOf(ReviewsPlatformError);
  });
});
