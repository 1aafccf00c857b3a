import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockNotifications } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signUp = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/shop-api/stock_notifications', payload: payload as object });

describe('POST /shop-api/stock_notifications', () => {
  it('signs an address up once, however often it asks, answering alike each time (nobody learns who asked about a medicine)', async () => {
    const first = await signUp({ email: 'sam@example.com', product: 'OZEMPIC' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ email: 'sam@example.com', product: 'OZEMPIC' });
    const again = await signUp({ email: '  Sam@Example.com ', product: 'OZEMPIC' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const other = await signUp({ email: 'sam@example.com', product: 'WEGOVY' });
    expect(other.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(stockNotifications);
    expect(rows.map((row) => [row.email, row.productCode]).sort()).toEqual([
      ['sam@example.com', 'OZEMPIC'],
      ['sam@example.com', 'WEGOVY'],
    ]);
  });

  it("refuses an invalid email with the shared rule's message", async () => {
    const res = await signUp({ email: 'not-an-email', product: 'OZEMPIC' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'body.email: Invalid email' });
  });

  it.each(['NO-SUCH-PRODUCT', 'OZEMPIC-0-5MG', 'ozempic', "'; drop table products; --"])('answers 404 for the product %s', async (product) => {
    const res = await signUp({ email: 'sam@example.com', product });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers 400 to a missing product or a NUL in it', async () => {
    expect((await signUp({ email: 'sam@example.com' })).statusCode).toBe(400);
    expect((await signUp({ email: 'sam@example.com', product: 'OZEMPIC\u0000' })).statusCode).toBe(400);
  });
});
