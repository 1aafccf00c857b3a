import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushSettings } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';
import { subscribeThisDevice, thisDeviceEndpoint, unsubscribeThisDevice } from './device';

export const pushKeys = { settings: ['account', 'push'] as const, thisDevice: ['account', 'push', 'this-device'] as const };

export function usePushSettings() {
  return useQuery({ queryKey: pushKeys.settings, queryFn: ({ signal }) => apiGet<PushSettings>('/shop-api/account/push', undefined, signal) });
}

/** This device's subscription address as the browser knows it (null: none). */
export function useThisDeviceEndpoint() {
  return useQuery({ queryKey: pushKeys.thisDevice, queryFn: thisDeviceEndpoint, staleTime: Infinity });
}

/** Asks the browser, subscribes this device and records it with the shop; answers the browser's refusal if it refused. */
export function useTurnOnThisDevice(publicKey: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ device: PushDevice } | { refused: 'denied' | 'default' }> => {
      if (!publicKey) throw new Error('App notifications are not available at the moment.');
      const made = await subscribeThisDevice(publicKey);
      if ('refused' in made) return made;
      const device = await apiRequest<PushDevice>('/shop-api/account/push-subscriptions', { method: 'PUT', body: made.subscription });
      return { device };
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: pushKeys.settings }), client.invalidateQueries({ queryKey: pushKeys.thisDevice })]),
  });
}

/** Stops app notifications on one of the patient's devices (this one: in the browser as well). */
export function useTurnOffDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, thisDevice }: { id: string; thisDevice: boolean }) => {
      await apiRequest<void>(`/shop-api/account/push-subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (thisDevice) await unsubscribeThisDevice();
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: pushKeys.settings }), client.invalidateQueries({ queryKey: pushKeys.thisDevice })]),
  });
}
