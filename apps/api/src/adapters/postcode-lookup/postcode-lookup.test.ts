import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordings, replayServer } from '../../../test/support/replay-server';
import { idealPostcodesLookup } from './ideal-postcodes';
import { PostcodeLookupError, type PostcodeLookup } from './port';
import { sandboxLookup } from './sandbox';

const recordings = readRecordings(new URL('./recordings/ideal-postcodes.json', import.meta.url));

/** Ideal Postcodes replayed; what each request carried is kept. */
let provider: Awaited<ReturnType<typeof replayServer>>;
let baseUrl: string;
beforeAll(async () => {
  provider = await replayServer(({ url }) => recordings[url] ?? { status: 500, body: { code: 5000, message: 'not recorded' } });
  baseUrl = provider.baseUrl;
});
afterAll(() => provider.close());

async function failureOf(lookup: PostcodeLookup, postcode: string) {
  const error = await lookup.addresses(postcode).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PostcodeLookupError);
  return (error as PostcodeLookupError).failure;
}

describe.each([
  ['the sandbox', () => sandboxLookup()],
  ['Ideal Postcodes (recorded replies)', () => idealPostcodesLookup({ apiKey: 'ak_test', baseUrl })],
])('%s', (_name, make) => {
  it('answers the test postcode ID1 1QD with addresses', async () => {
    const addresses = await make().addresses('ID11QD');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses[0]).toEqual(expect.objectContaining({ line_1: expect.any(String), post_town: 'LONDON', postcode: 'ID1 1QD' }));
    expect(Object.keys(addresses[0]!).sort()).toEqual(['line_1', 'line_2', 'line_3', 'post_town', 'postcode']);
  });
  it.each([
    ['ID1KFA', '4040'],
    ['ID1CLIP', '4020'],
    ['ID1CHOP', '4021'],
  ])('fails %s with %s', async (postcode, failure) => {
    expect(await failureOf(make(), postcode)).toBe(failure);
  });
});

describe('Ideal Postcodes adapter', () => {
  it('sends the key in the Authorization header', async () => {
    await idealPostcodesLookup({ apiKey: 'ak_test', baseUrl }).addresses('ID11QD');
    expect(provider.seen.at(-1)!.headers.authorization).toBe('api_key="ak_test"');
  });
  it('treats any other error (a bad key, a dead server) as unknown', async () => {
    expect(await failureOf(idealPostcodesLookup({ apiKey: 'wrong', baseUrl }), 'SW1A2AA')).toBe('unknown');
    expect(await failureOf(idealPostcodesLookup({ apiKey: 'ak_test', baseUrl: 'http://127.0.0.1:9' }), 'ID11QD')).toBe('unknown');
  });
});
