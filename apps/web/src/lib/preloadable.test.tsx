import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a component whose code is its own chunk', () => {
  it('renders in the same pass once preloaded, never showing the fallback', async () => {
    const { Component, preload } = preloadable(() => Promise.resolve(Greeting));
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Alex" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Alex')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends until its code arrives when it was not preloaded', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const { Component, isLoaded } = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    // React retries a component suspended in use() once its promise settles: awaited acts let the test see it.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Component name="Sam" />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(isLoaded()).toBe(false);
    await act(async () => arrive(Greeting));
    expect(screen.getByText('Hello Sam')).toBeInTheDocument();
    expect(isLoaded()).toBe(true);
  });
});
