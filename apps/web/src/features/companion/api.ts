import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AfterStopping, AfterStoppingAnswer, DosePlan, Diary, DiaryEntryBody, DiaryEntryReply, InjectionEntry, InjectionLog, InjectionLogBody, InjectionPlan } from '@elmwood/domain';
import { apiGet, apiRequest, isApiError } from '../../lib/api';

export const companionKeys = {
  injections: ['companion', 'injections'] as const,
  diary: ['companion', 'diary'] as const,
};

export function useInjectionLog() {
  return useQuery({ queryKey: companionKeys.injections, queryFn: ({ signal }) => apiGet<InjectionLog>('/shop-api/injections', undefined, signal) });
}

/** POST /shop-api/injections: one dose per key, so a retried send never logs it twice. */
export function useLogInjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: InjectionLogBody; key: string }) =>
      apiRequest<{ entry: InjectionEntry; plan: InjectionPlan }>('/shop-api/injections', { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: companionKeys.injections }),
  });
}

/** DELETE /shop-api/injections/{id}: a dose logged by mistake. */
export function useRemoveInjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/shop-api/injections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: companionKeys.injections }),
  });
}

export function useDiary() {
  return useQuery({ queryKey: companionKeys.diary, queryFn: ({ signal }) => apiGet<Diary>('/shop-api/side-effect-diary', undefined, signal) });
}

/** POST /shop-api/side-effect-diary: the entry, triaged, with what to do now. */
export function useLogSideEffect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: DiaryEntryBody; key: string }) =>
      apiRequest<DiaryEntryReply>('/shop-api/side-effect-diary', { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: companionKeys.diary }),
  });
}

/** GET /shop-api/dose-plans/{planId}: 404 for a plan with no dose plan (nothing sent yet, or not a weekly injection). */
export function useDosePlan(planId: string) {
  return useQuery({
    queryKey: ['companion', 'dose-plan', planId] as const,
    queryFn: ({ signal }) => apiGet<DosePlan>(`/shop-api/dose-plans/${encodeURIComponent(planId)}`, undefined, signal),
    retry: (count, error) => !(isApiError(error) && error.isNotFound) && count < 2,
  });
}

export const afterStoppingKey = ['companion', 'after-stopping'] as const;

export function useAfterStopping() {
  return useQuery({ queryKey: afterStoppingKey, queryFn: ({ signal }) => apiGet<AfterStopping>('/shop-api/after-stopping', undefined, signal) });
}

/** POST /shop-api/after-stopping: yes (a monthly weight reminder turns on) or no. */
export function useAnswerAfterStopping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: AfterStoppingAnswer) => apiRequest<AfterStopping>('/shop-api/after-stopping', { method: 'POST', body: { answer } }),
    onSuccess: (reply) => client.setQueryData(afterStoppingKey, reply),
  });
}
