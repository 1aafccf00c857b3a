import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema/catalog';
import { productTaskDefinitions, taskDefinitions } from '../db/schema/tasks';
import { demoTaskDefinitions, TASKS_BY_CATEGORY } from './data/task-definitions';

/**
 * Upserts the task definitions and which prescription products bring them. Over-the-counter products bring
 * none: a clinician does not review them.
 */
export async function seedTaskDefinitions(db: Db): Promise<void> {
  for (const [position, definition] of demoTaskDefinitions.entries()) {
    const values = { ...definition, position };
    await db.insert(taskDefinitions).values(values).onConflictDoUpdate({ target: taskDefinitions.code, set: values });
  }
  const prescribed = await db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(eq(products.isPrescriptionOnly, true));
  const links = prescribed.flatMap((product) =>
    (TASKS_BY_CATEGORY[product.category as keyof typeof TASKS_BY_CATEGORY] ?? []).map((taskCode) => ({ productId: product.id, taskCode })),
  );
  // Replaced as a whole, so a task taken off a product in the data goes from the database too.
  await db.transaction(async (tx) => {
    if (prescribed.length > 0) {
      await tx.delete(productTaskDefinitions).where(inArray(productTaskDefinitions.productId, prescribed.map((product) => product.id)));
    }
    if (links.length > 0) await tx.insert(productTaskDefinitions).values(links);
  });
}
