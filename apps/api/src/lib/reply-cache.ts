import { createHash } from 'node:crypto';
import type { Freshness } from './prebuilt-replies';
import { SerialisedJson } from './serialised-json';

export interface CachedReply extends Freshness {
  json: SerialisedJson;
  etag: string;
}

/**
 * A small read-through cache of serialised public replies (catalogue, review summaries). Each process keeps its own copy for a short
 * time only, so several processes stay consistent within the TTL and none needs another's state.
 */
export class ReplyCache {
  private readonly entries = new Map<string, CachedReply>();
  private readonly loading = new Map<string, Promise<CachedReply | null>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedReply | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit;
    // Without caching, a read that starts after a write must not share a load that began before it.
    if (this.ttlMs <= 0) return this.load(key, load);
    // Concurrent misses (every connection at once when an entry expires under load) share one load, so one reply:
    // each its own would be compressed once per request and replace the prebuilt copy of the one before.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key, load).finally(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
      this.loading.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    // A forgotten reply is no longer fresh anywhere it was kept (its prebuilt copy).
    for (const reply of this.entries.values()) reply.expiresAt = 0;
    this.entries.clear();
    this.loading.clear();
    this.generation += 1;
  }

  private async load(key: string, load: () => Promise<unknown>): Promise<CachedReply | null> {
    const generation = this.generation;
    const value = await load();
    if (value === null || value === undefined) return null;
    const reply = toCachedReply(value);
    // A load begun before clear() may hold what a write has since changed: it answers its own readers, but is not kept.
    if (this.ttlMs > 0 && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.clear();
      reply.expiresAt = Date.now() + this.ttlMs;
      this.entries.set(key, reply);
    }
    return reply;
  }
}

export function toCachedReply(value: unknown): CachedReply {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { json: new SerialisedJson(body), etag, expiresAt: 0 };
}
