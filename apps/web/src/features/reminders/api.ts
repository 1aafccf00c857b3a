import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InjectionReminder, InjectionRemindersReply, ReminderSettings, Task } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';
import { markTaskCompleted } from '../tasks';

export interface ReminderReply {
  settings: ReminderSettings;
  isSaved: boolean;
  nextReminderAt: string | null;
}

export interface SavedReminderReply {
  settings: ReminderSettings;
  nextReminderAt: string | null;
  /** The reminder set-up task this save completed, for its popup. */
  completedTask: Task | null;
}

export const reminderKeys = { settings: ['account', 'reminders'] as const };

export function useReminder() {
  return useQuery({ queryKey: reminderKeys.settings, queryFn: ({ signal }) => apiGet<ReminderReply>('/shop-api/account/reminders', undefined, signal) });
}

/** PUT /shop-api/account/reminders: replaces the queued reminder; a refusal answers 422 with the reason to show. */
export function useSaveReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => apiRequest<SavedReminderReply>('/shop-api/account/reminders', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      client.setQueryData<ReminderReply>(reminderKeys.settings, { settings: saved.settings, isSaved: true, nextReminderAt: saved.nextReminderAt });
      markTaskCompleted(client, saved.completedTask);
    },
  });
}

/** The channels reminders and nudges may use; messages about orders and security always go by email. */
export type MessageChannels = Record<'email' | 'sms' | 'whatsapp' | 'push', boolean>;

export const channelKeys = { preferences: ['account', 'notification-preferences'] as const };

export function useMessageChannels() {
  return useQuery({
    queryKey: channelKeys.preferences,
    queryFn: ({ signal }) => apiGet<MessageChannels>('/shop-api/account/notification-preferences', undefined, signal),
  });
}

/** PUT /shop-api/account/notification-preferences: one channel on or off; answers every channel as now saved. */
export function useSetMessageChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<MessageChannels>) => apiRequest<MessageChannels>('/shop-api/account/notification-preferences', { method: 'PUT', body: change }),
    onSuccess: (saved) => client.setQueryData(channelKeys.preferences, saved),
  });
}

export const injectionReminderKeys = { settings: ['account', 'reminders', 'injection'] as const };

export function useInjectionReminder() {
  return useQuery({ queryKey: injectionReminderKeys.settings, queryFn: ({ signal }) => apiGet<InjectionRemindersReply>('/shop-api/account/reminders/injection', undefined, signal) });
}

/** PUT /shop-api/account/reminders/injection: replaces the queued reminder; a refusal answers 422 with the reason to show. */
export function useSaveInjectionReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reminder: InjectionReminder) => apiRequest<InjectionRemindersReply>('/shop-api/account/reminders/injection', { method: 'PUT', body: reminder }),
    onSuccess: (saved) => client.setQueryData(injectionReminderKeys.settings, saved),
  });
}
