import { ATTRIBUTE, findAttribute, type Product, type ProductImage, type ProductVariant } from '@elmwood/domain';
import { textOf } from './attributeValue';

/** The pack shot: the image coded 'main', else the first one. */
export function mainImage(product: Pick<Product, 'images'>): ProductImage | undefined {
  return product.images.find((image) => image.code === 'main') ?? product.images[0];
}

/** The main image followed by the carousel images; one image means no carousel. */
export function galleryImages(product: Pick<Product, 'images'>): ProductImage[] {
  const main = mainImage(product);
  const carousel = product.images.filter((image) => image.code === 'carousel' && image !== main);
  return main ? [main, ...carousel] : carousel;
}

export function isProductOutOfStock(product: Pick<Product, 'variants'>): boolean {
  return product.variants.length === 0 || product.variants.every((variant) => !variant.inStock);
}

/** The variant shown first: the first in stock, else the first of all. */
export function defaultVariant(product: Pick<Product, 'variants'>): ProductVariant | undefined {
  return product.variants.find((variant) => variant.inStock) ?? product.variants[0];
}

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%/]+\)|hsla?\([\d\s.,%/deg]+\))$/i;

/** The product's tint (product_bg_color), only when it is a plain colour value. */
export function backgroundTint(product: Pick<Product, 'attributes'>): string | null {
  const colour = textOf(findAttribute(product, ATTRIBUTE.backgroundColour)?.value, ['color', 'colour', 'value', 'hex']);
  return colour && SAFE_COLOUR.test(colour.trim()) ? colour.trim() : null;
}
