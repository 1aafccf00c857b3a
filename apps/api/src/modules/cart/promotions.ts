import { eq } from 'drizzle-orm';
import type { Promotion } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { promotions } from '../../db/schema/promotions';

const TTL_MS = 60_000;

/**
 * The active promotions, read once a minute at most: they change rarely and every cart view needs them,
 * so a cart read costs no extra round trip.
 */
export function promotionCatalog(db: Db) {
  let loaded: { at: number; byCoupon: Map<string, Promotion>; automatic: Promotion[] } | null = null;
  async function load() {
    if (loaded && Date.now() - loaded.at < TTL_MS) return loaded;
    const rows = await db.select().from(promotions).where(eq(promotions.active, true));
    loaded = {
      at: Date.now(),
      byCoupon: new Map(rows.filter((row) => row.couponCode).map((row) => [row.couponCode!, row.definition])),
      automatic: rows.filter((row) => !row.couponCode).map((row) => row.definition),
    };
    return loaded;
  }
  return {
    /** The promotion a coupon code names (any case, spaces trimmed), or null. */
    async byCoupon(code: string | null): Promise<Promotion | null> {
      if (!code) return null;
      return (await load()).byCoupon.get(code.trim().toUpperCase()) ?? null;
    },
    /** Promotions that apply without a code (such as the sildenafil free trial). */
    async automatic(): Promise<Promotion[]> {
      return (await load()).automatic;
    },
  };
}
export type PromotionCatalog = ReturnType<typeof promotionCatalog>;
