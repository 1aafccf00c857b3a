import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReview } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { TEST_ADDRESS } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { orderInReview, signedInStaff, type SignedInStaff } from '../../../test/support/staff';
import { orders } from '../../db/schema/orders';

let ctx: TestContext;
let prescriber: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  prescriber = await signedInStaff(ctx, 'prescriber');
  support = await signedInStaff(ctx, 'support');
});
afterAll(() => ctx.close());

const review = async (number: string, staff = prescriber) => (await ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: staff.cookie } })).json<OrderReview & { possibleSecondAccounts?: unknown }>();
const shipTo = (number: string, address: Record<string, string>) => ctx.database.db.update(orders).set({ shippingAddress: { ...TEST_ADDRESS, ...address } }).where(eq(orders.number, number));

/** A patient's order in review, paid with `card`, from an account of this name and date of birth. */
async function orderOf(person: { firstName: string; lastName: string; birthday: string }, card: string, address: Record<string, string>) {
  const cookie = await signedInPatient(ctx.app, person);
  const { orderNumber } = await orderInReview(ctx, cookie, { card });
  await shipTo(orderNumber, address);
  return orderNumber;
}

describe('one patient, one supply: possible second accounts in the review', () => {
  it('names another account’s order paid with the same card (the gateway’s fingerprint), linking it; none for an unrelated patient', async () => {
    const first = await orderOf({ firstName: 'Alex', lastName: 'Smith', birthday: '1980-01-01' }, '4242424242424242', { company: '9 Birch Lane', postcode: 'LS2 7EW' });
    const second = await orderOf({ firstName: 'Jordan', lastName: 'Price', birthday: '1975-05-05' }, '4242424242424242', { company: '3 Ash Grove', postcode: 'M1 1AE' });
    expect((await review(second)).possibleSecondAccounts).toEqual([{ orderNumber: first, state: 'in_review', placedAt: expect.any(String), patientName: 'Alex Smith', matches: ['card'] }]);
    expect((await review(first)).possibleSecondAccounts).toEqual([expect.objectContaining({ orderNumber: second, matches: ['card'] })]);

    const unrelated = await orderOf({ firstName: 'Priya', lastName: 'Patel', birthday: '1990-02-02' }, '5555555555554444', { company: '12 Cedar Close', postcode: 'B1 1AA' });
    expect((await review(unrelated)).possibleSecondAccounts).toEqual([]);
    // Support sees the order without the clinical record, this included.
    expect((await review(second, support)).possibleSecondAccounts).toBeUndefined();
  });

  it('names another account’s order to the same address written another way (the flat and "St" set aside), and not a rejected one', async () => {
    const first = await orderOf({ firstName: 'Sam', lastName: 'Green', birthday: '1970-03-03' }, '2223003122003222', { company: 'Flat 2, 14 Willow St', postcode: 'ls61ab' });
    const second = await orderOf({ firstName: 'Robin', lastName: 'Hood', birthday: '1985-04-04' }, '4000056655665556', { company: '14 Willow Street', postcode: 'LS6 1AB' });
    expect((await review(second)).possibleSecondAccounts).toEqual([expect.objectContaining({ orderNumber: first, patientName: 'Sam Green', matches: ['address'] })]);

    const other = await orderOf({ firstName: 'Kim', lastName: 'Lowe', birthday: '1960-06-06' }, '378282246310005', { company: '16 Willow Street', postcode: 'LS6 1AB' });
    expect((await review(other)).possibleSecondAccounts).toEqual([]);
    await ctx.database.db.update(orders).set({ state: 'rejected' }).where(eq(orders.number, first));
    expect((await review(second)).possibleSecondAccounts).toEqual([]);
  });

  it('names an order sharing both the card and the address once, with both reasons', async () => {
    const first = await orderOf({ firstName: 'Lee', lastName: 'Carter', birthday: '1972-08-08' }, '5200828282828210', { company: '7 Rowan Way', postcode: 'YO1 7HH' });
    const second = await orderOf({ firstName: 'Casey', lastName: 'North', birthday: '1991-09-09' }, '5200828282828210', { company: '7 Rowan Way', postcode: 'YO17HH' });
    expect((await review(second)).possibleSecondAccounts).toEqual([expect.objectContaining({ orderNumber: first, patientName: 'Lee Carter', matches: ['address', 'card'] })]);
  });

  it('names another account with the same date of birth and a similar name', async () => {
    const first = await orderOf({ firstName: 'Alexander', lastName: 'Brown', birthday: '1966-07-07' }, '5105105105105100', { company: '1 Oak Road', postcode: 'BS1 4DJ' });
    const second = await orderOf({ firstName: 'Alex', lastName: 'Browne', birthday: '1966-07-07' }, '4111111111111111', { company: '2 Pine Road', postcode: 'CF10 1AA' });
    expect((await review(second)).possibleSecondAccounts).toEqual([expect.objectContaining({ orderNumber: first, matches: ['dateOfBirthAndName'] })]);
  });
});
