import type { Frequency } from '@elmwood/domain';
import type { Db } from '../db/client';
import { products, productVariants, variantPrices } from '../db/schema/index';
import { demoCatalog } from './data/catalog';
import type { SeedProduct } from './types';

/** Inserts each product that is not there yet (by code); an existing product is left as the shop has it. */
export async function seedCatalog(db: Db, catalog: readonly SeedProduct[] = demoCatalog): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, product] of catalog.entries()) {
      const [inserted] = await tx
        .insert(products)
        .values({
          code: product.code,
          slug: product.slug,
          name: product.name,
          category: product.category,
          description: product.description,
          shortDescription: product.shortDescription,
          expandedInfo: product.expandedInfo ?? null,
          modalTxt: product.modalTxt ?? null,
          isPrescriptionOnly: product.isPrescriptionOnly,
          quickShip: product.quickShip ?? false,
          channels: product.channels,
          images: product.images,
          attributes: product.attributes,
          position,
        })
        .onConflictDoNothing({ target: products.code })
        .returning({ id: products.id });
      if (!inserted) continue;

      for (const [variantPosition, variant] of product.variants.entries()) {
        const [variantRow] = await tx
          .insert(productVariants)
          .values({
            productId: inserted.id,
            code: variant.code,
            name: variant.name,
            dosage: variant.dosage,
            quantityPerMonth: variant.quantityPerMonth,
            quantityPerMonthType: variant.quantityPerMonthType,
            inStock: variant.inStock ?? true,
            position: variantPosition,
          })
          .returning({ id: productVariants.id });
        const prices = Object.entries(variant.prices).map(([frequency, price]) => ({
          variantId: variantRow!.id,
          frequency: Number(frequency) as Frequency,
          price: price!,
        }));
        if (prices.length) await tx.insert(variantPrices).values(prices);
      }
    }
  });
}
