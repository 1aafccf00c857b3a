import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeightLogBody, WeightLogEntry, WeightLogs, WeightUnit } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

export const weightKeys = { logs: ['weight', 'logs'] as const };

export function useWeightLogs() {
  return useQuery({ queryKey: weightKeys.logs, queryFn: ({ signal }) => apiGet<WeightLogs>('/shop-api/weight-logs', undefined, signal) });
}

/** POST a new entry, or PUT an edited one, then the preferred unit (SPEC §7 'Save user preference after a successful log'). */
export function useSaveWeightLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, unit }: { id?: string; body: WeightLogBody; unit: WeightUnit }) => {
      const entry = id
        ? await apiRequest<WeightLogEntry>(`/shop-api/weight-logs/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : await apiRequest<WeightLogEntry>('/shop-api/weight-logs', { method: 'POST', body });
      // The entry is saved either way; a preference that fails to save is asked again at the next log.
      await apiRequest('/shop-api/me/preferences', { method: 'PUT', body: { weightUnit: unit } }).catch(() => undefined);
      return entry;
    },
    onSettled: () => client.invalidateQueries({ queryKey: weightKeys.logs }),
  });
}

export function useDeleteWeightLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/shop-api/weight-logs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: weightKeys.logs }),
  });
}
