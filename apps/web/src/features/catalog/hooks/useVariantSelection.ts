import type { Product, ProductVariant } from '@elmwood/domain';
import { useState } from 'react';
import { defaultVariant } from '../productContent';

/** The chosen dose: the first in stock to begin with; an out-of-stock dose cannot be chosen. */
export function useVariantSelection(product: Pick<Product, 'variants'>) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const variant: ProductVariant | undefined =
    product.variants.find((v) => v.code === chosen && v.inStock) ?? defaultVariant(product);
  const choose = (code: string) => {
    if (product.variants.some((v) => v.code === code && v.inStock)) setChosen(code);
  };
  return { variant, choose };
}
