import { apiRequest } from './api';

/** Kept for the tab's session, so events after a reload still say which variants the patient saw. */
const EXPERIMENTS_KEY = 'analyticsExperiments';

function readExperiments(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(EXPERIMENTS_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Records the patient's experiment buckets; every later event carries them. */
export function setAnalyticsExperiments(buckets: Record<string, string>): void {
  const merged = { ...readExperiments(), ...buckets };
  try {
    window.sessionStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(merged));
  } catch {
    // Without storage the buckets are simply not remembered.
  }
}

/** Fire and forget: analytics never stands in a patient's way. Each event says which experiment buckets applied. */
export function sendAnalyticsEvent(eventName: string, data: Record<string, unknown>): void {
  void apiRequest('/shop-api/analytics-events', { method: 'POST', body: { eventName, data: { ...data, experiments: readExperiments() } } }).catch(
    () => undefined,
  );
}
