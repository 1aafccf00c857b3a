import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lookup = (postcode: string) => ctx.app.inject(`/shop-api/address-lookup/${encodeURIComponent(postcode)}`);

describe('GET /shop-api/address-lookup/{postcode} on the sandbox', () => {
  it('finds addresses whatever the spacing and case, ready for the form', async () => {
    const res = await lookup('ls1 4ap');
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses[0]).toEqual({
      label: 'Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP',
      company: 'Flat 3, Oak House',
      street: '12 High Street',
      city: 'Leeds',
      postcode: 'LS1 4AP',
    });
    expect((await lookup(' LS1  4AP ')).json()).toEqual(res.json());
  });

  it.each([
    ['ID1 KFA', 404, '4040', 'Address not found. Please ensure you have entered a valid UK postal code.'],
    ['ID1 CLIP', 503, '4020', 'Sorry. Service temporary unavalaible'],
    ['ID1 CHOP', 503, '4021', 'Sorry. Service temporary unavalaible'],
    ['!!', 400, 'INVALID_POSTCODE', 'Please enter a valid UK Postcode'],
  ])('%s → %i %s', async (postcode, status, code, message) => {
    const res = await lookup(postcode);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message });
  });
});

describe('with a broken provider', () => {
  it('answers the unknown-error message, never a 500', async () => {
    const broken = await createTestContext({
      POSTCODE_LOOKUP: 'ideal-postcodes',
      IDEAL_POSTCODES_API_KEY: 'ak_test',
      IDEAL_POSTCODES_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      const res = await broken.app.inject('/shop-api/address-lookup/ID11QD');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'LOOKUP_FAILED', message: 'Sorry. Unknown error has happened. Please try again later' });
    } finally {
      await broken.close();
    }
  });
});
