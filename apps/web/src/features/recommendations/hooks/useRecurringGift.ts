import { RECURRING_DISCOUNT_EXPERIMENT } from '@elmwood/domain';
import { useMe } from '../../auth';
import { useExperimentBucket } from '../../../lib/experiments';

/** Whoever is looking is in the recurring-discount test's 'gift' bucket: the signed-in patient by uid, a visitor by browser. */
export function useRecurringGift(): boolean {
  const me = useMe();
  return useExperimentBucket(RECURRING_DISCOUNT_EXPERIMENT, me.data?.uid ?? null) === 'gift';
}
