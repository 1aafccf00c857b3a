import type { OrderState } from '@elmwood/domain';

export const STATE_NAMES: Record<OrderState, string> = {
  payment_pending: 'Payment pending',
  payment_failed: 'Payment failed',
  awaiting_patient: 'Waiting for patient',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function stateName(state: string): string {
  return STATE_NAMES[state as OrderState] ?? state.replace(/_/g, ' ');
}

const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** '45 min', '3 h 5 min', '2 days 4 h': how long an order has waited, at a glance. */
export function formatWaiting(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
