import { promotionSchema } from '@elmwood/domain';
import type { Db } from '../db/client';
import { promotions } from '../db/schema/promotions';
import { demoPromotions } from './data/promotions';

/** Upserts the demo promotions by code: a second start adds nothing, a changed definition is updated. */
export async function seedPromotions(db: Db): Promise<void> {
  for (const promotion of demoPromotions.map((entry) => promotionSchema.parse(entry))) {
    const values = { code: promotion.code, couponCode: promotion.couponCode?.toUpperCase() ?? null, definition: promotion };
    await db.insert(promotions).values(values).onConflictDoUpdate({ target: promotions.code, set: values });
  }
}
