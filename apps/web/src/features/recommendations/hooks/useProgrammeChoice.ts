import { useState } from 'react';
import { availableFrequency, frequencyOptions, startingVariant, type Frequency, type Product, type ProductVariant } from '@elmwood/domain';

export function inStock(product: Product): boolean {
  return product.variants.some((variant) => variant.inStock);
}

export interface ProgrammeChoice {
  product: Product | null;
  variant: ProductVariant | null;
  /** What is bought: the frequency chosen, or what this dose offers when it is not sold at it (a one-off trial pack). */
  frequency: Frequency | null;
}

/**
 * The treatment, dose and frequency chosen. The consultation's preferred treatment and dose preselect
 * while in stock; otherwise the first treatment in stock at its first dose in stock, monthly.
 */
export function useProgrammeChoice(products: readonly Product[], preferred: { product: string | null; variant: string | null }) {
  const [productCode, setProductCode] = useState(() => {
    const first = products.find((product) => product.code === preferred.product && inStock(product)) ?? products.find(inStock);
    return first?.code ?? null;
  });
  const [variantByProduct, setVariantByProduct] = useState<Record<string, string>>({});
  const [wantedFrequency, setWantedFrequency] = useState<Frequency>(30);

  const product = products.find((candidate) => candidate.code === productCode) ?? null;
  const variant = product
    ? (product.variants.find((candidate) => candidate.code === variantByProduct[product.code] && candidate.inStock) ??
      startingVariant(product.variants, product.code === preferred.product ? preferred.variant : null))
    : null;
  const frequency = variant ? availableFrequency(frequencyOptions(variant), wantedFrequency) : null;

  return {
    choice: { product, variant, frequency } satisfies ProgrammeChoice,
    chooseProduct: setProductCode,
    chooseVariant: (code: string) => {
      if (product) setVariantByProduct((current) => ({ ...current, [product.code]: code }));
    },
    chooseFrequency: setWantedFrequency,
  };
}
