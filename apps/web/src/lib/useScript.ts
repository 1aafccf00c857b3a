import { useEffect, useState } from 'react';

export type ScriptStatus = 'idle' | 'loading' | 'ready' | 'error';

const loads = new Map<string, Promise<void>>();

/**
 * Adds a provider's script to the page once (later calls share the first load); a failed load is forgotten so
 * a later page may try again. Only the pages that use a provider call this, so no other page fetches its script.
 */
export function loadScript(src: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        loads.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      });
      document.head.appendChild(script);
    });
    loads.set(src, load);
  }
  return load;
}

/** Loads `src` (nothing when null) and answers how far it got. */
export function useScript(src: string | null): ScriptStatus {
  const [settled, setSettled] = useState<{ src: string; status: 'ready' | 'error' } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    loadScript(src).then(
      () => live && setSettled({ src, status: 'ready' }),
      () => live && setSettled({ src, status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [src]);
  if (!src) return 'idle';
  return settled?.src === src ? settled.status : 'loading';
}
