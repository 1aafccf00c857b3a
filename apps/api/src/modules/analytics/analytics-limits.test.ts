import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ANALYTICS_RATE_LIMIT_PER_ADDRESS: '3', ANALYTICS_RATE_LIMIT_PER_SESSION: '2', ANALYTICS_RATE_LIMIT_GLOBAL: '7' });
});
afterAll(() => ctx.close());

const TOO_MANY = { code: 'TOO_MANY_EVENTS', message: 'We are receiving a lot of requests from your connection. Please wait a few minutes and try again.' };
const send = (remoteAddress: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/shop-api/analytics-events',
    remoteAddress,
    payload: { eventName: 'Questionnaire Step Submitted', data: { step: 1, filler: 'x'.repeat(15_000) } },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('anonymous analytics events', () => {
  it('are limited per network address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send('198.51.100.60')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const refused = await send('198.51.100.60');
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are limited per consultation session, from any address', async () => {
    const cookie = `quiz_session=${'q'.repeat(43)}`;
    expect([(await send('198.51.100.61', cookie)).statusCode, (await send('198.51.100.62', cookie)).statusCode, (await send('198.51.100.63', cookie)).statusCode]).toEqual([
      204, 204, 429,
    ]);
  });

  it('are limited across the whole shop', async () => {
    // Three from the first test and two from the second were stored: two more fill the shop-wide seven.
    expect([(await send('198.51.100.64')).statusCode, (await send('198.51.100.65')).statusCode, (await send('198.51.100.66')).statusCode]).toEqual([204, 204, 429]);
  });
});
