import type { Channel } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { ReplyCache, type CachedReply } from '../../lib/reply-cache';
import { findProductsByCodes, findProductsBySlugs } from './repo';

export const DEFAULT_BY_CODE_LIMIT = 5;

export interface CatalogService {
  productBySlug(slug: string, channel: Channel): Promise<CachedReply | null>;
  productsByCodes(codes: readonly string[], channel: Channel, limit: number): Promise<CachedReply>;
}

export function createCatalogService(db: Db, cacheSeconds: number): CatalogService {
  const cache = new ReplyCache(cacheSeconds * 1000);
  return {
    productBySlug: (slug, channel) =>
      cache.get(`slug:${channel}:${slug}`, async () => (await findProductsBySlugs(db, [slug], channel))[0] ?? null),
    async productsByCodes(codes, channel, limit) {
      const wanted = [...new Set(codes)].slice(0, limit);
      const reply = await cache.get(`codes:${channel}:${wanted.join(',')}`, async () => {
        const found = await findProductsByCodes(db, wanted, channel);
        // Keep the order the caller asked for.
        return wanted.flatMap((code) => found.filter((product) => product.code === code));
      });
      return reply!;
    },
  };
}
