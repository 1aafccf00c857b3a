import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewsPlatformError } from './port';
import { sandboxReviews } from './sandbox';
import { trustpilotReviews } from './trustpilot';

type Recording = { status: number; body: unknown };
const recordings = JSON.parse(readFileSync(new URL('./recordings/trustpilot.json', import.meta.url), 'utf8')) as Record<string, Recording>;

/** Plays the recorded replies back over real HTTP: a good key gets the summaries, any other the 401. */
let server: Server;
let baseUrl: string;
const seen: { path: string; apikey: string; body: unknown }[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const apikey = String(request.headers.apikey ?? '');
      seen.push({ path: request.url ?? '', apikey, body: raw ? JSON.parse(raw) : null });
      const recording = request.url === '/v1/product-reviews/business-units/bu-123/batch-summaries' && apikey === 'tp_key' ? recordings['batch-summaries']! : recordings.unauthorised!;
      response.writeHead(recording.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(recording.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
    expect(seen.at(-1)).toEqual({ path: '/v1/product-reviews/business-units/bu-123/batch-summaries', apikey: 'tp_key', body: { skus: ['SILDENAFIL', 'MINOXIDIL'] } });
    expect(summaries).toEqual({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
  });

  it('asks nothing for no SKUs', async () => {
    const before = seen.length;
    expect(await trustpilot().summaries([])).toEqual({});
    expect(seen).toHaveLength(before);
  });

  it('fails as the platform being unavailable on a refused key or a dead server', async () => {
    await expect(trustpilot('wrong').summaries(['SILDENAFIL'])).rejects.toBeInstanceOf(ReviewsPlatformError);
    await expect(trustpilot('tp_key', 'http://127.0.0.1:9').summaries(['SILDENAFIL'])).rejects.toBeInstanceOf(ReviewsPlatformError);
  });
});
