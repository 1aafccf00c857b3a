import { startTransition, useEffect, useState, type ReactNode } from 'react';

interface Props {
  /** Whether the page's code is here already (always, on a page the server rendered). */
  loaded: () => boolean;
  load: () => Promise<unknown>;
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * The first page opened in the browser without the server's HTML: `fallback` until its code arrives. Later pages
 * need no such wait: each navigation is a transition, so the page shown stays until the next is ready.
 */
export function AwaitFirstPage({ loaded, load, fallback, children }: Props) {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    // A module that failed to load is the page's error to show, so it renders either way.
    void load()
      .catch(() => {})
      .then(() => startTransition(() => setReady(true)));
  }, [ready, load]);
  return ready ? children : fallback;
}
