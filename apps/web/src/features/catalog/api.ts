import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CHANNEL, type Product } from '@elmwood/domain';
import { apiGet } from '../../lib/api';

/** The API's own rule for slugs; anything else cannot be a product, so it is not asked for. */
const SLUG_PATTERN = /^[a-z0-9-]{1,120}$/;

/** Pages that share the product popup's route but are not products (SPEC §2): never fetched by slug. */
export const NON_PRODUCT_SLUGS: readonly string[] = ['clinician-support', 'expert-guides'];

export function isFetchableSlug(slug: string | undefined): slug is string {
  return slug !== undefined && SLUG_PATTERN.test(slug) && !NON_PRODUCT_SLUGS.includes(slug);
}

export const catalogKeys = {
  all: ['catalog'] as const,
  bySlug: (slug: string) => ['catalog', 'product', slug, DEFAULT_CHANNEL] as const,
  byCodes: (codes: readonly string[], limit: number) => ['catalog', 'products', codes.join(','), limit, DEFAULT_CHANNEL] as const,
};

export function fetchProductBySlug(slug: string, signal?: AbortSignal): Promise<Product> {
  return apiGet<Product>(`/shop-api/products/by-slug/${encodeURIComponent(slug)}`, { channel: DEFAULT_CHANNEL }, signal);
}

export function fetchProductsByCodes(codes: readonly string[], limit: number, signal?: AbortSignal): Promise<Product[]> {
  return apiGet<Product[]>('/shop-api/products/by-code', { codes: codes.join(','), channel: DEFAULT_CHANNEL, limit }, signal);
}

/** One product; a 404 comes back as an ApiError with isNotFound rather than being thrown at render. */
export function useProductBySlug(slug: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.bySlug(slug ?? ''),
    queryFn: ({ signal }) => fetchProductBySlug(slug!, signal),
    enabled: isFetchableSlug(slug),
  });
}

/** Several products in the order asked; the API answers at most `limit` (5 unless said). */
export function useProductsByCodes(codes: readonly string[], { limit = 5, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.byCodes(codes, limit),
    queryFn: ({ signal }) => fetchProductsByCodes(codes, limit, signal),
    enabled: enabled && codes.length > 0,
  });
}
