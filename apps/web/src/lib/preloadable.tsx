import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is its own chunk, and which renders at once (no Suspense round) when its code was
 * loaded beforehand with `preload`: a server render, or a hydration, then shows it in the same pass as the page.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it, losing its state.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return { Component: Preloadable, preload };
}
