import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './loadOnce';

describe('code loaded on first need', () => {
  it('loads once, however often it is read or preloaded, and says when it is here', async () => {
    const load = vi.fn(() => Promise.resolve('chunk'));
    const code = loadOnce(load);
    expect(code.isLoaded()).toBe(false);
    const first = code.preload();
    expect(code()).toBe(first);
    await expect(first).resolves.toBe('chunk');
    expect(code.isLoaded()).toBe(true);
    expect(code.preload()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure for the page that reads it, and tries again when preloaded', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const code = loadOnce<string>(load);
    await expect(code()).rejects.toThrow('offline');
    await expect(code()).rejects.toThrow('offline');
    expect(code.isLoaded()).toBe(false);
    await expect(code.preload()).resolves.toBe('chunk');
    expect(code.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
