import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VideoConsultation, VideoConsultationsReply, VideoSlotsReply } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

export const videoKeys = {
  overview: ['video-consultations'] as const,
  slots: ['video-consultations', 'slots'] as const,
  one: (id: string) => ['video-consultations', id] as const,
};

/** Whether a weight-loss order waits on a verification, and the patient's consultations. */
export function useVideoConsultations() {
  return useQuery({ queryKey: videoKeys.overview, queryFn: ({ signal }) => apiGet<VideoConsultationsReply>('/shop-api/video-consultations', undefined, signal) });
}

export function useVideoSlots(enabled: boolean) {
  return useQuery({ queryKey: videoKeys.slots, queryFn: ({ signal }) => apiGet<VideoSlotsReply>('/shop-api/video-consultations/slots', undefined, signal), enabled });
}

/** One consultation; read again each minute so 'Join' appears when the room opens (by the shop's clock). */
export function useVideoConsultation(id: string) {
  return useQuery({
    queryKey: videoKeys.one(id),
    queryFn: ({ signal }) => apiGet<VideoConsultation>(`/shop-api/video-consultations/${encodeURIComponent(id)}`, undefined, signal),
    refetchInterval: 60_000,
  });
}

function useConsultationChange<Input>(mutationFn: (input: Input) => Promise<VideoConsultation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: videoKeys.overview }), client.invalidateQueries({ queryKey: ['tasks'] })]),
  });
}

export const useBookVideoConsultation = () => useConsultationChange((start: string) => apiRequest<VideoConsultation>('/shop-api/video-consultations', { method: 'POST', body: { start } }));
export const useRescheduleVideoConsultation = () =>
  useConsultationChange(({ id, start }: { id: string; start: string }) => apiRequest<VideoConsultation>(`/shop-api/video-consultations/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: { start } }));
export const useCancelVideoConsultation = () => useConsultationChange((id: string) => apiRequest<VideoConsultation>(`/shop-api/video-consultations/${encodeURIComponent(id)}/cancel`, { method: 'POST' }));

/** The signalling socket of a consultation's room, on the shop's own address. */
export function signalUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`;
}
