import { apiRequest } from './api';

/** Fire and forget: analytics never stands in a patient's way (POST {eventName, data}, SPEC §7). */
export function sendAnalyticsEvent(eventName: string, data: Record<string, unknown>): void {
  void apiRequest('/shop-api/analytics-events', { method: 'POST', body: { eventName, data } }).catch(() => undefined);
}
