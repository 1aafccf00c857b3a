import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { bucketWithOverride, experimentQueryParam, type Experiment } from '@elmwood/domain';

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

/**
 * The experiment's bucket for whoever is looking: a signed-in patient by their uid (the same on every device),
 * a visitor by this browser's anonymous id; a forced bucket wins.
 */
export function useExperimentBucket<Bucket extends string>(experiment: Experiment<Bucket>, uid: string | null): Bucket {
  const [query] = useSearchParams();
  const forced = forcedBucket(experiment, query);
  return useMemo(() => bucketWithOverride(experiment, uid ?? anonymousId(), forced), [experiment, uid, forced]);
}
