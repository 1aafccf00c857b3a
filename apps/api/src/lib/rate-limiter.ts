/**
 * Counts attempts per key in fixed windows, in this process's memory. Past one process the counters
 * belong in a shared store (Redis, as ARCHITECTURE.md plans); the interface stays the same.
 */
export interface RateLimiter {
  /** Records one attempt; false once the key has used up its attempts for the current window. */
  attempt(key: string): boolean;
}

export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = now();
  return {
    attempt(key) {
      const at = now();
      if (at - lastSweep > windowMs) {
        for (const [stale, window] of windows) if (at - window.startedAt >= windowMs) windows.delete(stale);
        lastSweep = at;
      }
      const window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: at, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
