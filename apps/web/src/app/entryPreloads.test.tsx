import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { renderApp } from '../test/renderApp';
import { ENTRY_PRELOADS } from './entryPreloads';

/** An address for each preloaded path, with the values its ':name' segments take there. */
const SAMPLES: Record<string, { url: string; params: Record<string, string> }> = {
  '/': { url: '/', params: {} },
  '/products/:slug': { url: '/products/wegovy', params: { ':slug': 'wegovy' } },
  '/n/:slug/quiz/:step': { url: '/n/weight-loss/quiz/1', params: { ':slug': 'weight-loss', ':step': '1' } },
  '/n/:slug/recommendations': { url: '/n/weight-loss/recommendations', params: { ':slug': 'weight-loss' } },
  '/n/:slug/order': { url: '/n/weight-loss/order', params: { ':slug': 'weight-loss' } },
};

afterEach(() => vi.unstubAllGlobals());

describe('entry preloads', () => {
  it.each(ENTRY_PRELOADS.map((preload) => [preload.path, preload] as const))(
    '%s names the very requests the page makes, sent with cookies as the preload is',
    async (path, preload) => {
      const sample = SAMPLES[path];
      expect(sample, `add a sample address for ${path}`).toBeDefined();
      const respond = mockFetch({});
      const requests: Array<{ url: string; credentials?: RequestCredentials }> = [];
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ url: String(input), credentials: init?.credentials });
        return respond(input);
      });
      renderApp(sample!.url);

      const expected = preload.fetches.map((template) =>
        Object.entries(sample!.params).reduce((url, [name, value]) => url.replaceAll(name, value), template),
      );
      await waitFor(() => expect(requests.map((request) => request.url)).toEqual(expect.arrayContaining(expected)));
      for (const request of requests.filter((r) => expected.includes(r.url))) expect(request.credentials).toBe('include');
    },
  );
});
