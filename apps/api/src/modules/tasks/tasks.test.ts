import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES } from '@elmwood/domain';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { tasks } from '../../db/schema/tasks';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { createTasksForOrder, findTasks } from './index';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

async function patient(email: string): Promise<number> {
  const [row] = await context.database.db.insert(customers).values({ email, firstName: 'Sam', lastName: 'Jones' }).returning({ id: customers.id });
  return row!.id;
}

let orderCount = 0;
async function order(customerId: number): Promise<number> {
  orderCount += 1;
  const [row] = await context.database.db
    .insert(orders)
    .values({
      number: `T${orderCount}`,
      customerId,
      channel: 'WEB_WL_UK',
      state: 'awaiting_patient',
      paymentState: 'authorised',
      paymentMode: 'NEW_CARD',
      idempotencyKey: `key-${orderCount}`,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      credit: 0,
      total: 0,
      discounts: [],
      shippingAddress: {},
      billingAddress: {},
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('tasks created by orders', () => {
  it('gives a weight-loss order the ID and full-length photo tasks first, marked critical, and only to its patient', async () => {
    const owner = await patient('tasks-owner@example.com');
    const other = await patient('tasks-other@example.com');
    const orderId = await order(owner);
    expect(await createTasksForOrder(context.database.db, { orderId, customerId: owner, productCodes: ['WEGOVY'] })).toEqual({ criticalOpen: true });

    const found = await findTasks(context.database.db, owner);
    expect(found.map((task) => task.taskDefinition.code)).toEqual([
      TASK_CODES.photoId,
      TASK_CODES.weightCheckPhoto,
      TASK_CODES.gpInformation,
    ]);
    expect(found.filter((task) => task.taskDefinition.isCritical).map((task) => task.taskType)).toEqual(['upload-photo', 'upload-photo']);
    expect(found[0]).toMatchObject({ state: 'open', orderNumber: expect.any(String), details: { configuration: { category: 'I' } } });
    expect(await findTasks(context.database.db, other)).toEqual([]);
  });

  it('does not ask twice for a task the patient already has open, and brings none for products a clinician does not review', async () => {
    const owner = await patient('tasks-repeat@example.com');
    await createTasksForOrder(context.database.db, { orderId: await order(owner), customerId: owner, productCodes: ['WEGOVY'] });
    const second = await order(owner);
    // None is created, but the clinician still waits on the first order's open photos.
    expect(await createTasksForOrder(context.database.db, { orderId: second, customerId: owner, productCodes: ['SILDENAFIL', 'DAILY-MULTIVITAMIN'] })).toEqual({ criticalOpen: true });
    expect(await context.database.db.select().from(tasks).where(eq(tasks.orderId, second))).toEqual([]);

    const vitaminsOnly = await order(owner);
    await createTasksForOrder(context.database.db, { orderId: vitaminsOnly, customerId: owner, productCodes: ['DAILY-MULTIVITAMIN'] });
    expect(await findTasks(context.database.db, owner, { orderId: vitaminsOnly })).toEqual([]);
  });

  it('answers that no critical task is open for an order whose products need none', async () => {
    const owner = await patient('tasks-none@example.com');
    expect(await createTasksForOrder(context.database.db, { orderId: await order(owner), customerId: owner, productCodes: ['DAILY-MULTIVITAMIN'] })).toEqual({ criticalOpen: false });
    expect(await createTasksForOrder(context.database.db, { orderId: await order(owner), customerId: owner, productCodes: [] })).toEqual({ criticalOpen: false });
  });
});
