import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { productVariants, products } from '../../src/db/schema/catalog';
import { customers } from '../../src/db/schema/customers';
import { orderItems, orders } from '../../src/db/schema/orders';
import { subscriptions } from '../../src/db/schema/subscriptions';
import { createTasksForOrder } from '../../src/modules/tasks/index';
import { cookiesOf, rememberDatabase, signedUpReply, signupBody } from './patients';

export interface Patient {
  cookie: string;
  customerId: number;
  email: string;
}

/** Signs a new patient up: their session cookies and their row id (for inserting their orders). */
export async function signedInPatientWithId(app: FastifyInstance, db: Db, overrides: Record<string, unknown> = {}): Promise<Patient> {
  const body = signupBody(overrides);
  // An app built without createTestContext (several processes in one test): its code email is read through `db`.
  rememberDatabase(app, db);
  const reply = await signedUpReply(app, body);
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, body.email));
  return { cookie: cookiesOf(reply), customerId: row!.id, email: body.email };
}

export interface OrderRowOptions {
  productCodes?: string[];
  state?: string;
  createdAt?: Date;
  /** Begin a subscription with the order, delivered every `frequency` days from `nextDeliveryDate`. */
  subscription?: { frequency: number; nextDeliveryDate: string; state?: string };
  /** Create the tasks the products bring, as checkout does. */
  withTasks?: boolean;
}

/**
 * An order as checkout leaves it (awaiting the patient's critical tasks), written straight through the
 * schema for tests of what happens after checkout.
 */
export async function insertOrder(db: Db, customerId: number, options: OrderRowOptions = {}) {
  const codes = options.productCodes ?? ['WEGOVY'];
  const lines = await db
    .select({ product: products, variant: productVariants })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(inArray(products.code, codes))
    .orderBy(asc(products.id), asc(productVariants.position));
  const firstVariants = [...new Map(lines.map((line) => [line.product.id, line])).values()];
  const number = `EW${randomUUID().slice(0, 8).toUpperCase()}`;
  const total = 1999 * firstVariants.length;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      customerId,
      channel: 'WEB_WL_UK',
      consultationSlug: 'weight-loss',
      state: options.state ?? 'awaiting_patient',
      paymentState: 'authorised',
      paymentMode: 'NEW_CARD',
      idempotencyKey: randomUUID(),
      subtotal: total,
      discount: 0,
      shipping: 0,
      credit: 0,
      total,
      discounts: [],
      shippingAddress: {},
      billingAddress: {},
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  await db.insert(orderItems).values(
    firstVariants.map(({ product, variant }) => ({
      orderId: order!.id,
      productCode: product.code,
      productSlug: product.slug,
      productName: product.name,
      variantCode: variant.code,
      variantName: variant.name,
      dosage: variant.dosage,
      isPrescriptionOnly: product.isPrescriptionOnly,
      frequency: options.subscription?.frequency ?? 30,
      quantity: 1,
      unitPrice: 1999,
      total: 1999,
      image: (product.images[0] as Record<string, unknown> | undefined) ?? null,
    })),
  );
  let subscriptionId: string | null = null;
  if (options.subscription) {
    const [subscription] = await db
      .insert(subscriptions)
      .values({
        customerId,
        orderId: order!.id,
        frequency: options.subscription.frequency,
        state: options.subscription.state ?? 'active',
        price: total,
        nextDeliveryDate: options.subscription.nextDeliveryDate,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = subscription!.id;
  }
  if (options.withTasks ?? true) {
    await createTasksForOrder(db, { orderId: order!.id, customerId, productCodes: [...new Set(firstVariants.map(({ product }) => product.code))] });
  }
  return { id: order!.id, number, subscriptionId };
}
