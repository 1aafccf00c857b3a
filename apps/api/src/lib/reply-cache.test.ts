import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyCache } from './reply-cache';

/** A load that answers when told to, counting how often it was started. */
function gatedLoad(value: unknown) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(async () => {
    await gate;
    return value;
  });
  return { load, release: () => release() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReplyCache', () => {
  it('gives concurrent misses of one key one load and the same reply (one brotli form, one prebuilt copy)', async () => {
    const cache = new ReplyCache(60_000);
    const { load, release } = gatedLoad({ code: 'WEGOVY' });
    const pending = Array.from({ length: 100 }, () => cache.get('codes:WEGOVY', load));
    release();
    const replies = await Promise.all(pending);
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(replies).size).toBe(1);
    expect(await cache.get('codes:WEGOVY', load)).toBe(replies[0]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once more, again once for concurrent misses, when the entry has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReplyCache(60_000);
    const first = await cache.get('key', async () => ({ version: 1 }));
    vi.setSystemTime(Date.now() + 60_001);
    const { load, release } = gatedLoad({ version: 2 });
    const pending = [cache.get('key', load), cache.get('key', load)];
    release();
    const [a, b] = await Promise.all(pending);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    expect(a!.json.body).toBe('{"version":2}');
  });

  it('keeps no failed or empty load: the next read loads again', async () => {
    const cache = new ReplyCache(60_000);
    await expect(cache.get('key', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('key', async () => null)).toBeNull();
    const load = vi.fn(async () => ({ ok: true }));
    await cache.get('key', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a TTL, loads for every read, concurrent or not', async () => {
    const cache = new ReplyCache(0);
    const load = vi.fn(async () => ({ ok: true }));
    await Promise.all([cache.get('key', load), cache.get('key', load)]);
    await cache.get('key', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('starts a new load after clear(), neither joining nor keeping one begun before it', async () => {
    const cache = new ReplyCache(60_000);
    const before = gatedLoad({ version: 1 });
    const old = cache.get('key', before.load);
    cache.clear();
    const load = vi.fn(async () => ({ version: 2 }));
    expect((await cache.get('key', load))!.json.body).toBe('{"version":2}');
    expect(load).toHaveBeenCalledTimes(1);
    before.release();
    expect((await old)!.json.body).toBe('{"version":1}');
    expect((await cache.get('key', load))!.json.body).toBe('{"version":2}');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
