import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../lib/api';

interface AppOpening {
  firstAppOpenAt: string | null;
}

const appKeys = { opening: ['me', 'app'] as const };

/** SPEC's first app open date: the get-app banner shows until it is set. */
export function useAppOpening({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: appKeys.opening, queryFn: ({ signal }) => apiGet<AppOpening>('/shop-api/me/app', undefined, signal), enabled });
}

/** Records a launch of the installed app (the server keeps the first date). */
export function useRecordAppOpen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AppOpening>('/shop-api/me/app-opened', { method: 'POST' }),
    onSuccess: (opening) => client.setQueryData(appKeys.opening, opening),
  });
}
