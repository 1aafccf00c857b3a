import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { completeCheckout, cardToken, readyCart, TEST_ADDRESS } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: unknown) => ctx.app.inject({ method, url, headers: { cookie }, payload: payload as object });

const work = { firstName: 'Alex', lastName: 'Smith', company: '2 Mill Yard', street: 'Kirkstall', city: 'Leeds', postcode: 'LS5 3BT', phoneNumber: '07700 900456' };
const billing = { firstName: 'Sam', lastName: 'Smith', company: '9 Bank Row', street: '', city: 'York', postcode: 'YO1 7HH', countryCode: 'GB', phoneNumber: '07700 900789' };

describe('deleting a saved address an order in progress uses', () => {
  it('refuses with 409 ADDRESS_IN_USE while the order is under way, for its delivery and its billing address, and deletes any other', async () => {
    const patient = await signedInPatient(ctx.app);
    // The order's copy differs in case and spacing only: still the same place.
    const home = (await call('POST', '/shop-api/address-book', patient, { ...TEST_ADDRESS, postcode: 'ls14ap', city: 'leeds' })).json();
    const bills = (await call('POST', '/shop-api/address-book', patient, billing)).json();
    const spare = (await call('POST', '/shop-api/address-book', patient, work)).json();

    const token = await readyCart(ctx.app, patient);
    expect((await call('PUT', `/shop-api/checkout/${token}/address`, patient, { shippingAddress: TEST_ADDRESS, billingAddress: billing })).statusCode).toBe(200);
    const placed = await completeCheckout(ctx.app, patient, token, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    expect(placed.statusCode).toBe(201);

    for (const id of [home.id, bills.id]) {
      const refused = await call('DELETE', `/shop-api/address-book/${id}`, patient);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'ADDRESS_IN_USE',
        message: 'This address is being used for an order in progress, so it cannot be deleted. You can delete it once the order has arrived.',
      });
    }
    expect((await call('DELETE', `/shop-api/address-book/${spare.id}`, patient)).statusCode).toBe(204);
    expect((await call('GET', '/shop-api/address-book', patient)).json().map((a: { id: number }) => a.id)).toEqual([home.id, bills.id]);
  });

  it('shows the order its delivery and billing addresses, with the delivery phone', async () => {
    const patient = await signedInPatient(ctx.app);
    const token = await readyCart(ctx.app, patient);
    expect((await call('PUT', `/shop-api/checkout/${token}/address`, patient, { shippingAddress: TEST_ADDRESS, billingAddress: billing })).statusCode).toBe(200);
    const placed = await completeCheckout(ctx.app, patient, token, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    const order = (await call('GET', `/shop-api/orders/${placed.json().orderNumber}`, patient)).json();
    expect(order.shippingAddress).toEqual({ ...TEST_ADDRESS, phoneNumber: '07700900123' });
    expect(order.billingAddress).toEqual(billing);
  });

  it('lets a patient without orders delete, and answers 404 for an address that is not theirs', async () => {
    const owner = await signedInPatient(ctx.app);
    const stranger = await signedInPatient(ctx.app);
    const { id } = (await call('POST', '/shop-api/address-book', owner, work)).json();
    expect((await call('DELETE', `/shop-api/address-book/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/shop-api/address-book/${id}`, owner)).statusCode).toBe(204);
  });
});
