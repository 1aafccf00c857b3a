import { use, type ComponentType } from 'react';
import { loadOnce } from './loadOnce';

/**
 * A component whose code is its own chunk, and which renders at once (no Suspense round) when its code was
 * loaded beforehand with `preload`: a server render, or a hydration, then shows it in the same pass as the page.
 * Not yet loaded, it suspends until its code arrives.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const code = loadOnce(load);
  function Preloadable(props: Props) {
    const Loaded = use(code());
    return <Loaded {...props} />;
  }
  return { Component: Preloadable, preload: code.preload, isLoaded: code.isLoaded };
}
