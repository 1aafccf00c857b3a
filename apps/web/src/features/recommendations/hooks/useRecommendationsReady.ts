import { useEffect, useState } from 'react';
import { useProductsByCodes } from '../../catalog';
import { PROGRAMMES, programmeProductCodes } from '../content';

/**
 * Fetches what the recommendations page shows first (its treatments, with the same query the page uses, and the
 * page's body code) while the loading screen plays, and says when it is all here. A failure counts as ready: the
 * page itself then offers to try again.
 */
export function useRecommendationsReady(slug: string, enabled: boolean): boolean {
  const content = enabled ? PROGRAMMES[slug] : undefined;
  const products = useProductsByCodes(content ? programmeProductCodes(content) : [], { limit: content ? programmeProductCodes(content).length : 0, enabled: Boolean(content) });
  const [bodyLoaded, setBodyLoaded] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const done = () => {
      if (live) setBodyLoaded(true);
    };
    import('../components/RecommendationsBody').then(done, done);
    return () => {
      live = false;
    };
  }, [enabled]);
  if (!enabled) return false;
  if (!content) return true;
  return bodyLoaded && !products.isPending;
}
