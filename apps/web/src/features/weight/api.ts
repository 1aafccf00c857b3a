import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MilestoneCode, Milestones, WeightLogBody, WeightLogEntry, WeightLogs, WeightUnit } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';
import { useMe } from '../auth';
import { sendOrKeep } from '../offline';

export const weightKeys = { logs: ['weight', 'logs'] as const, milestones: ['weight', 'milestones'] as const };

export function useWeightLogs() {
  return useQuery({ queryKey: weightKeys.logs, queryFn: ({ signal }) => apiGet<WeightLogs>('/shop-api/weight-logs', undefined, signal) });
}

const weightLabel = (body: WeightLogBody) => {
  const weight = body.items.filter((item) => item.type === 'weight' && !item.isTargetWeight);
  const goal = body.items.some((item) => item.isTargetWeight);
  const typed = weight.map((item) => `${item.value} ${item.unit ?? 'kg'}`).join(' ');
  return weight.length > 0 ? `Weight of ${typed}` : goal ? 'Goal weight' : 'Weight';
};

/**
 * POST a new entry, or PUT an edited one, then the preferred unit (SPEC §7 'Save user preference after a successful
 * log'). A new entry carries an Idempotency-Key and, with no connection, is kept on the device to send later, dated
 * when it was typed; `kept` says so.
 */
export function useSaveWeightLog() {
  const client = useQueryClient();
  const account = useMe().data?.uid;
  return useMutation({
    mutationFn: async ({ id, body, unit }: { id?: string; body: WeightLogBody; unit: WeightUnit }): Promise<WeightLogEntry | { kept: true }> => {
      if (!id && account) {
        const sent = await sendOrKeep<WeightLogEntry>({ account, label: weightLabel(body), path: '/shop-api/weight-logs', method: 'POST', body, keptBody: { ...body, measuredAt: body.measuredAt ?? new Date().toISOString() } });
        if (sent.kept) return { kept: true };
        await apiRequest('/shop-api/me/preferences', { method: 'PUT', body: { weightUnit: unit } }).catch(() => undefined);
        return sent.reply;
      }
      const entry = id
        ? await apiRequest<WeightLogEntry>(`/shop-api/weight-logs/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : await apiRequest<WeightLogEntry>('/shop-api/weight-logs', { method: 'POST', body });
      // The entry is saved either way; a preference that fails to save is asked again at the next log.
      await apiRequest('/shop-api/me/preferences', { method: 'PUT', body: { weightUnit: unit } }).catch(() => undefined);
      return entry;
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: weightKeys.logs }), client.invalidateQueries({ queryKey: weightKeys.milestones })]),
  });
}

export function useMilestones() {
  return useQuery({ queryKey: weightKeys.milestones, queryFn: ({ signal }) => apiGet<Milestones>('/shop-api/milestones', undefined, signal) });
}

/** POST /shop-api/milestones/seen: the page showed them, so they are not shown as new again. */
export function useMilestonesSeen() {
  return useMutation({ mutationFn: (codes: MilestoneCode[]) => apiRequest<null>('/shop-api/milestones/seen', { method: 'POST', body: { codes } }) });
}

export function useDeleteWeightLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/shop-api/weight-logs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: weightKeys.logs }),
  });
}
