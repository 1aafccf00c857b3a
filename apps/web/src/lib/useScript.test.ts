import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScript, useScript } from './useScript';

const scriptsFor = (src: string) => [...document.head.querySelectorAll('script')].filter((script) => script.src === src);

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('loading a provider script', () => {
  it('adds the script once however often it is asked for, and reports it ready when it loads', async () => {
    const src = 'https://pay.example/one.js';
    const first = loadScript(src);
    const second = loadScript(src);
    expect(scriptsFor(src)).toHaveLength(1);
    expect(scriptsFor(src)[0]!.async).toBe(true);
    scriptsFor(src)[0]!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('forgets a failed load, so a later page may try again', async () => {
    const src = 'https://pay.example/broken.js';
    const failed = loadScript(src);
    scriptsFor(src)[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Could not load');
    expect(scriptsFor(src)).toHaveLength(0);
    void loadScript(src).catch(() => undefined);
    expect(scriptsFor(src)).toHaveLength(1);
  });

  it('loads nothing without a source, and follows the load in the hook', async () => {
    expect(renderHook(() => useScript(null)).result.current).toBe('idle');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    const src = 'https://pay.example/hook.js';
    const { result } = renderHook(() => useScript(src));
    expect(result.current).toBe('loading');
    await waitFor(() => expect(scriptsFor(src)).toHaveLength(1));
    scriptsFor(src)[0]!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(result.current).toBe('ready'));
  });
});
