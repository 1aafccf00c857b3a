import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketFor, RECURRING_DISCOUNT_EXPERIMENT } from '@elmwood/domain';
import { anonymousId, useExperimentBucket } from './experiments';

function Bucket({ uid }: { uid: string | null }) {
  return <p>{useExperimentBucket(RECURRING_DISCOUNT_EXPERIMENT, uid)}</p>;
}

function bucketAt(url: string, uid: string | null = null): string {
  const router = createMemoryRouter([{ path: '*', Component: () => <Bucket uid={uid} /> }], { initialEntries: [url] });
  const { unmount } = render(<RouterProvider router={router} />);
  const text = screen.getByRole('paragraph').textContent!;
  unmount();
  return text;
}

/** A uid in the bucket wanted, found by trying (buckets are a hash of the id). */
function uidIn(bucket: 'gift' | 'control'): string {
  for (let index = 0; ; index += 1) {
    const uid = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    if (bucketFor(RECURRING_DISCOUNT_EXPERIMENT, uid) === bucket) return uid;
  }
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('useExperimentBucket', () => {
  it('puts a signed-in patient in the bucket of their uid', () => {
    expect(bucketAt('/', uidIn('gift'))).toBe('gift');
    expect(bucketAt('/', uidIn('control'))).toBe('control');
  });

  it('keeps a visitor in one bucket by an id kept in this browser', () => {
    const first = bucketAt('/');
    const id = anonymousId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bucketAt('/')).toBe(first);
    expect(first).toBe(bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id));
  });

  it('lets ?experiment-recurring-discount= force a bucket, remembered for the tab; an unknown value changes nothing', () => {
    const control = uidIn('control');
    expect(bucketAt('/?experiment-recurring-discount=gift', control)).toBe('gift');
    expect(bucketAt('/later-page', control)).toBe('gift');
    expect(bucketAt('/?experiment-recurring-discount=control', uidIn('gift'))).toBe('control');
    window.sessionStorage.clear();
    expect(bucketAt('/?experiment-recurring-discount=nonsense', control)).toBe('control');
  });
});
