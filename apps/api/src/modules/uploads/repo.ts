import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/customers';

export function uploadsRepo(db: Db) {
  return {
    /** Within the caller's transaction when given one (a photo that completes a task). */
    async insert(values: typeof uploads.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(uploads).values(values).returning();
      return row!;
    },
    /** Only its owner finds an upload; anyone else gets nothing, as if it did not exist. */
    async ownedBy(customerId: number, id: string) {
      const [row] = await db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.customerId, customerId)));
      return row;
    },
    /** Any patient's upload, for clinic staff (whose every read is logged). */
    async byId(id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },
  };
}
export type UploadsRepo = ReturnType<typeof uploadsRepo>;
