import { useMutation, useQuery } from '@tanstack/react-query';
import type { GpAnswer, WhoPrescribes } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

/** Who prescribes, from the shop's configuration: the same for every visitor, so it is kept a while. */
export function useWhoPrescribes() {
  return useQuery({ queryKey: ['who-prescribes'], queryFn: ({ signal }) => apiGet<WhoPrescribes>('/shop-api/who-prescribes', undefined, signal), staleTime: 5 * 60_000 });
}

export interface GpLetterView {
  patient: { name: string; dateOfBirth: string | null };
  medicine: string;
  dose: string;
  startDate: string;
  prescriber: { name: string; registration: string | null };
  answer: GpAnswer | null;
  contact: { email: string; phone: string };
}

export function useGpLetter(token: string) {
  return useQuery({
    queryKey: ['gp-letter', token],
    queryFn: ({ signal }) => apiGet<GpLetterView>('/shop-api/gp-letters/answer', { token }, signal),
    retry: false,
  });
}

export function useAnswerGpLetter(token: string) {
  return useMutation({
    mutationFn: (body: { answer: GpAnswer; concern?: string }) => apiRequest<{ answer: GpAnswer }>('/shop-api/gp-letters/answer', { method: 'POST', body: { token, ...body } }),
  });
}
