import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, stockNotifications } from '../../db/schema/index';

export async function productExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row !== undefined;
}

/** True when this sign-up is new; false when the address had already asked about this product. */
export async function addStockNotification(db: Db, email: string, productCode: string): Promise<boolean> {
  const rows = await db
    .insert(stockNotifications)
    .values({ email, productCode })
    .onConflictDoNothing()
    .returning({ id: stockNotifications.id });
  return rows.length > 0;
}
