import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedReferrer } from '../../../lib/referral-cookie';
import { Component as ReferralRoute } from './ReferralRoute';

function visit(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/r/:uid', Component: ReferralRoute },
      { path: '/', Component: () => <h1>Home</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const uid = '0b7f5c52-94a4-4d8e-9a53-6f1f0d7e1c2a';

afterEach(() => {
  document.cookie = 'invited_by=; Max-Age=0; Path=/';
});

describe('/r/{uid}?raf=friend', () => {
  it('remembers the referrer in a cookie and sends the visitor home', async () => {
    const router = visit(`/r/${uid}?raf=friend`);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(rememberedReferrer()).toBe(uid);
    expect(document.cookie).toContain(`invited_by=${uid}`);
  });

  it.each([
    ['without the code', `/r/${uid}`],
    ['with another code', `/r/${uid}?raf=other`],
    ['naming no uid', '/r/not-a-uid?raf=friend'],
  ])('only sends the visitor home %s', async (_case, url) => {
    visit(url);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(rememberedReferrer()).toBeNull();
  });
});
