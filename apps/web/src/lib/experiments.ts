import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { accountBucket, experimentQueryParam, type Experiment } from '@elmwood/domain';
import { apiGet } from './api';
import { useHydrating } from './hydration';

const ANONYMOUS_ID_KEY = 'anonymousId';

/** A stable id for a visitor, kept in this browser, so an experiment shows them the same variant every visit. */
export function anonymousId(): string {
  try {
    const known = window.localStorage.getItem(ANONYMOUS_ID_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    window.localStorage.setItem(ANONYMOUS_ID_KEY, made);
    return made;
  } catch {
    // Storage disabled: the visitor gets one bucket for this page view.
    return 'anonymous';
  }
}

/** A bucket forced for testing with ?experiment-{name}=bucket, remembered for the tab so later pages agree. */
function forcedBucket(experiment: Experiment, query: URLSearchParams): string | null {
  const key = experimentQueryParam(experiment);
  const fromQuery = query.get(key);
  try {
    if (fromQuery && experiment.buckets.includes(fromQuery)) window.sessionStorage.setItem(key, fromQuery);
    return fromQuery ?? window.sessionStorage.getItem(key);
  } catch {
    return fromQuery;
  }
}

/** The buckets stored on the signed-in patient's account (their visit's, carried over at sign-up, or their uid's). */
function useAccountBuckets(uid: string | null) {
  return useQuery({
    queryKey: ['me', 'experiments', uid],
    queryFn: ({ signal }) => apiGet<Record<string, string>>('/shop-api/me/experiments', undefined, signal),
    enabled: uid !== null,
    staleTime: Infinity,
  });
}

/**
 * The experiment's bucket for whoever is looking: a signed-in patient's is the one their account holds (the same
 * on every device, and the one they had as a visitor when they signed up here); a visitor's comes from this
 * browser's anonymous id, which the account also falls back to until its own is known. A forced bucket wins.
 */
export function useExperimentBucket<Bucket extends string>(experiment: Experiment<Bucket>, uid: string | null): Bucket {
  const [query] = useSearchParams();
  // The server knows the address and the account, not this browser's id or the tab's forced bucket: its HTML, and
  // the render that hydrates it, show what it knew; this browser's own bucket follows in the next render.
  const hydrating = useHydrating();
  const forced = hydrating ? query.get(experimentQueryParam(experiment)) : forcedBucket(experiment, query);
  const stored = useAccountBuckets(uid);
  const named = experiment.buckets.find((bucket) => bucket === forced);
  return named ?? accountBucket(experiment, uid ? stored.data : undefined, hydrating ? null : anonymousId());
}
