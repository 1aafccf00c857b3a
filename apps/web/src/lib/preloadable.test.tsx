import { render, screen } from '@testing-library/react';
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
    const { Component } = preloadable(() => Promise.resolve(Greeting));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Sam" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Sam')).toBeInTheDocument();
  });
});
