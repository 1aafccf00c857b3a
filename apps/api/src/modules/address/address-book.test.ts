import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as object });

const newPatient = () => signedInPatient(ctx.app);

const home = { firstName: 'Pat', lastName: 'Lee', company: '12 High Street', street: 'Headingley', city: 'Leeds', postcode: 'ls6 2ab' };

describe('address book', () => {
  it('saves an address with the postcode tidied, makes it the default, and lists it', async () => {
    const patient = await newPatient();
    const created = await call('POST', '/shop-api/address-book', patient, home);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ postcode: 'LS6 2AB', countryCode: 'GB', isDefault: true });
    const second = await call('POST', '/shop-api/address-book', patient, { ...home, company: '1 Work Lane' });
    const list = (await call('GET', '/shop-api/address-book', patient)).json();
    expect(list.map((a: { company: string; isDefault: boolean }) => [a.company, a.isDefault])).toEqual([
      ['12 High Street', false],
      ['1 Work Lane', true],
    ]);
    expect((await call('PATCH', `/shop-api/address-book/${created.json().id}/default`, patient)).statusCode).toBe(204);
    expect((await call('DELETE', `/shop-api/address-book/${second.json().id}`, patient)).statusCode).toBe(204);
    expect((await call('GET', '/shop-api/address-book', patient)).json()).toHaveLength(1);
  });

  it('names each bad field with the spec message', async () => {
    const patient = await newPatient();
    const res = await call('POST', '/shop-api/address-book', patient, { ...home, company: 'x'.repeat(36), city: 'L', postcode: 'NOT A CODE' });
    expect(res.statusCode).toBe(400);
    const issues = Object.fromEntries(res.json().details.issues.map((i: { field: string; message: string }) => [i.field, i.message]));
    expect(issues).toEqual({
      'body.company': 'Address line 1 cannot exceed 35 characters',
      'body.city': 'Please enter a valid UK City or Town',
      'body.postcode': 'Please enter a valid UK Postcode',
    });
  });

  it("never shows or changes another patient's address", async () => {
    const owner = await newPatient();
    const stranger = await newPatient();
    const { id } = (await call('POST', '/shop-api/address-book', owner, home)).json();
    expect((await call('GET', '/shop-api/address-book', stranger)).json()).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/shop-api/address-book/${id}`, home],
      ['PATCH', `/shop-api/address-book/${id}/default`, undefined],
      ['DELETE', `/shop-api/address-book/${id}`, undefined],
    ] as const) {
      expect((await call(method, url, stranger, body)).statusCode).toBe(404);
    }
    expect((await call('GET', '/shop-api/address-book', owner)).json()[0]).toMatchObject({ company: '12 High Street', isDefault: true });
  });

  it('asks a visitor to log in', async () => {
    const res = await ctx.app.inject('/shop-api/address-book');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You need to log in to view this page');
  });
});
