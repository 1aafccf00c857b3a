import { and, asc, eq, inArray } from 'drizzle-orm';
import { isSamePlace, ORDER_STATES_IN_PROGRESS, type Address } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { addresses, customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

export type AddressRow = typeof addresses.$inferSelect;

/** Every query names the owner: another customer's address id simply finds nothing. */
export function addressBookRepo(db: Db) {
  const owned = (customerId: number, id: number) => and(eq(addresses.id, id), eq(addresses.customerId, customerId));
  return {
    list(customerId: number): Promise<AddressRow[]> {
      return db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.id));
    },
    async create(customerId: number, address: Address): Promise<AddressRow> {
      const [row] = await db
        .insert(addresses)
        .values({ customerId, ...address, street: address.street ?? '', phoneNumber: address.phoneNumber ?? null })
        .returning();
      return row!;
    },
    async update(customerId: number, id: number, address: Address): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ ...address, street: address.street ?? '', phoneNumber: address.phoneNumber ?? null, updatedAt: new Date() })
        .where(owned(customerId, id))
        .returning();
      return row;
    },
    async remove(customerId: number, id: number): Promise<boolean> {
      const deleted = await db.delete(addresses).where(owned(customerId, id)).returning({ id: addresses.id });
      return deleted.length > 0;
    },
    /** Whether an order still on its way (delivery or billing) names this saved address's place. */
    async usedByOrderInProgress(customerId: number, id: number): Promise<boolean> {
      const [saved] = await db.select().from(addresses).where(owned(customerId, id));
      if (!saved) return false;
      const live = await db
        .select({ shipping: orders.shippingAddress, billing: orders.billingAddress })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), inArray(orders.state, [...ORDER_STATES_IN_PROGRESS])));
      return live.some((order) => isSamePlace(order.shipping, saved) || isSamePlace(order.billing, saved));
    },
    async setDefault(customerId: number, id: number): Promise<boolean> {
      const [row] = await db.select({ id: addresses.id }).from(addresses).where(owned(customerId, id));
      if (!row) return false;
      await db.update(customers).set({ defaultShippingAddressId: id, updatedAt: new Date() }).where(eq(customers.id, customerId));
      return true;
    },
    async defaultId(customerId: number): Promise<number | null> {
      const [row] = await db.select({ id: customers.defaultShippingAddressId }).from(customers).where(eq(customers.id, customerId));
      return row?.id ?? null;
    },
  };
}
export type AddressBookRepo = ReturnType<typeof addressBookRepo>;
