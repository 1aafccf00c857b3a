import { useQuery } from '@tanstack/react-query';
import type { ReferralSummary } from '@elmwood/domain';
import { apiGet } from '../../lib/api';

export function useReferralSummary() {
  return useQuery({ queryKey: ['referrals', 'summary'], queryFn: ({ signal }) => apiGet<ReferralSummary>('/shop-api/referrals/summary', undefined, signal) });
}
