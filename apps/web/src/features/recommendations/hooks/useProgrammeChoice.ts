import { useState } from 'react';
import type { Frequency, Product } from '@elmwood/domain';

export function inStock(product: Product): boolean {
  return product.variants.some((variant) => variant.inStock);
}

export interface ProgrammeChoice {
  product: Product | null;
  variantCode: string | null;
  frequency: Frequency;
}

/** The treatment, dose and frequency chosen: preselected from the consultation's preference, else the first in stock. */
export function useProgrammeChoice(products: readonly Product[], preferred: { product: string | null; variant: string | null }) {
  const [productCode, setProductCode] = useState(() => {
    const first = products.find((product) => product.code === preferred.product && inStock(product)) ?? products.find(inStock);
    return first?.code ?? null;
  });
  const product = products.find((candidate) => candidate.code === productCode) ?? null;
  const [variantByProduct, setVariantByProduct] = useState<Record<string, string>>(() =>
    preferred.product && preferred.variant ? { [preferred.product]: preferred.variant } : {},
  );
  const [frequency, setFrequency] = useState<Frequency>(30);
  const variantCode = product ? (variantByProduct[product.code] ?? product.variants.find((variant) => variant.inStock)?.code ?? null) : null;
  return {
    choice: { product, variantCode, frequency } satisfies ProgrammeChoice,
    chooseProduct: setProductCode,
    chooseVariant: (code: string) => product && setVariantByProduct((current) => ({ ...current, [product.code]: code })),
    chooseFrequency: setFrequency,
  };
}
