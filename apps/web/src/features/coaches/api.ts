import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AssignedCoach, Coach, CoachingStatus, CoachSlotsReply, Task } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

const CHANNEL = { channel: 'WEB_WL_UK' };

export const coachKeys = {
  list: ['coaches', 'list'] as const,
  assigned: ['coaches', 'assigned'] as const,
  slots: (coachId: string) => ['coaches', 'slots', coachId] as const,
  appointments: ['appointments'] as const,
  status: ['coaches', 'status'] as const,
};

/** GET /shop-api/coaching: whether the patient may have a coach and book a call now, and why not. */
export function useCoachingStatus() {
  return useQuery({ queryKey: coachKeys.status, queryFn: ({ signal }) => apiGet<CoachingStatus>('/shop-api/coaching', undefined, signal) });
}

export function useCoaches() {
  return useQuery({ queryKey: coachKeys.list, queryFn: ({ signal }) => apiGet<Coach[]>('/shop-api/list-medical-personnel', { ...CHANNEL, type: 'Weight Loss Coach' }, signal) });
}

export function useAssignedCoach() {
  return useQuery({ queryKey: coachKeys.assigned, queryFn: ({ signal }) => apiGet<AssignedCoach>('/shop-api/assigned-medical-personnel', CHANNEL, signal) });
}

export function useAssignCoach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coachId: string) =>
      apiRequest<AssignedCoach>('/shop-api/assign-customer-to-medical-personnel', { method: 'POST', query: CHANNEL, body: { medical_personnel_id: coachId, relationship: 'Weight Loss Coach' } }),
    onSuccess: (assigned) => client.setQueryData(coachKeys.assigned, assigned),
    onSettled: () => client.invalidateQueries({ queryKey: coachKeys.appointments }),
  });
}

export function useCoachSlots(coachId: string | null) {
  return useQuery({
    queryKey: coachKeys.slots(coachId ?? ''),
    queryFn: ({ signal }) => apiGet<CoachSlotsReply>(`/shop-api/coaches/${encodeURIComponent(coachId!)}/slots`, undefined, signal),
    enabled: coachId !== null,
  });
}

export function useAppointments() {
  return useQuery({ queryKey: coachKeys.appointments, queryFn: ({ signal }) => apiGet<Appointment[]>('/shop-api/appointments', undefined, signal) });
}

function useAppointmentChange<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: coachKeys.appointments }),
        client.invalidateQueries({ queryKey: ['coaches', 'slots'] }),
        client.invalidateQueries({ queryKey: coachKeys.status }),
        client.invalidateQueries({ queryKey: ['tasks'] }),
      ]),
  });
}

export function useBookCall() {
  return useAppointmentChange(({ coachId, start }: { coachId: string; start: string }) =>
    apiRequest<{ appointment: Appointment; completedTask: Task | null }>('/shop-api/appointments', { method: 'POST', body: { coachId, start } }),
  );
}

export function useRescheduleCall() {
  return useAppointmentChange(({ id, start }: { id: string; start: string }) => apiRequest<Appointment>(`/shop-api/appointments/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: { start } }));
}

export function useCancelCall() {
  return useAppointmentChange((id: string) => apiRequest<Appointment>(`/shop-api/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }));
}
