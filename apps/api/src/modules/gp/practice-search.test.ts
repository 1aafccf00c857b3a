import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

// The sandbox directory; each search and each pick would be a call to NHS ODS in production.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ GP_SEARCH_RATE_LIMIT_PER_PATIENT: '4' });
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string, remoteAddress = '198.51.100.90') => ctx.app.inject({ url, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });

describe('GET /shop-api/gp-practices', () => {
  it('finds practices by part of their name, then gives the one chosen with its address', async () => {
    const cookie = await signedInPatient(ctx.app);
    const found = await get('/shop-api/gp-practices?name=park', cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json().practices).toContainEqual({ odsCode: 'B86101', name: 'Park Surgery', postcode: 'LS6 2AA' });
    const chosen = await get('/shop-api/gp-practices/b86101', cookie);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ odsCode: 'B86101', practiceName: 'Park Surgery', addressLine1: '1 Park Road', addressLine2: 'Headingley', cityOrTown: 'Leeds', postCode: 'LS6 2AA' });
  });

  it('says what is wrong: a name too short, a code that is not one, a practice not found, a directory that does not answer', async () => {
    const cookie = await signedInPatient(ctx.app);
    const short = await get('/shop-api/gp-practices?name=pa', cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().details.issues).toEqual([{ field: 'querystring.name', message: "Enter at least 3 letters of your practice's name" }]);
    expect((await get('/shop-api/gp-practices/%20!!', cookie)).statusCode).toBe(400);
    expect((await get('/shop-api/gp-practices/X99999', cookie)).json()).toEqual({
      code: 'GP_PRACTICE_NOT_FOUND',
      message: 'We could not find that practice. Please search again, or enter its details yourself.',
    });
    const down = await get('/shop-api/gp-practices?name=outage', cookie);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      code: 'GP_SEARCH_FAILED',
      message: "We could not search the NHS directory just now. Please try again, or enter your practice's details yourself.",
    });
  });

  it('needs a signed-in patient', async () => {
    expect((await get('/shop-api/gp-practices?name=park')).statusCode).toBe(401);
    expect((await get('/shop-api/gp-practices/B86101')).statusCode).toBe(401);
  });

  it('is limited per patient, from any address, with a calm 429 and Retry-After', async () => {
    const cookie = await signedInPatient(ctx.app);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get('/shop-api/gp-practices?name=surgery', cookie, `198.51.100.${100 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await get('/shop-api/gp-practices/B86101', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_GP_SEARCHES');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
