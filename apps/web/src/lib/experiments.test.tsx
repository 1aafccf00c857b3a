import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bucketFor, RECURRING_DISCOUNT_EXPERIMENT } from '@elmwood/domain';
import { mockFetch, testQueryClient } from '../test/render';
import { anonymousId, useExperimentBucket } from './experiments';

function Bucket({ uid }: { uid: string | null }) {
  return <p>{useExperimentBucket(RECURRING_DISCOUNT_EXPERIMENT, uid)}</p>;
}

function renderAt(url: string, uid: string | null = null) {
  const router = createMemoryRouter([{ path: '*', Component: () => <Bucket uid={uid} /> }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function bucketAt(url: string, uid: string | null = null): string {
  const { unmount } = renderAt(url, uid);
  const text = screen.getByRole('paragraph').textContent!;
  unmount();
  return text;
}

/** An id in the bucket wanted, found by trying (buckets are a hash of the id). */
function idIn(bucket: 'gift' | 'control'): string {
  for (let index = 0; ; index += 1) {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    if (bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === bucket) return id;
  }
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('useExperimentBucket', () => {
  it('shows a signed-in patient the bucket their account holds, and the browser’s until it is known', async () => {
    window.localStorage.setItem('anonymousId', idIn('control'));
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/me/experiments': { body: { 'recurring-discount': 'gift' } } }));
    renderAt('/', idIn('control'));
    expect(screen.getByRole('paragraph')).toHaveTextContent('control');
    await waitFor(() => expect(screen.getByRole('paragraph')).toHaveTextContent('gift'));
  });

  it('keeps a visitor in one bucket by an id kept in this browser', () => {
    const first = bucketAt('/');
    const id = anonymousId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bucketAt('/')).toBe(first);
    expect(first).toBe(bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id));
  });

  it('lets ?experiment-recurring-discount= force a bucket, remembered for the tab; an unknown value changes nothing', () => {
    window.localStorage.setItem('anonymousId', idIn('control'));
    expect(bucketAt('/?experiment-recurring-discount=gift')).toBe('gift');
    expect(bucketAt('/later-page')).toBe('gift');
    expect(bucketAt('/?experiment-recurring-discount=control')).toBe('control');
    window.sessionStorage.clear();
    expect(bucketAt('/?experiment-recurring-discount=nonsense')).toBe('control');
  });
});
