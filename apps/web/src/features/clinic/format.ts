import type { DecisionReply, OrderState } from '@elmwood/domain';

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

/**
 * What a decision did, said once the API has answered; when the payment provider has not answered yet, that the
 * money is taken or released by itself (the shop retries), so nobody presses the button again.
 */
export function decisionResult(reply: DecisionReply): string {
  const done = reply.changed
    ? `Done. The order is now ${stateName(reply.state).toLowerCase()}.`
    : `Nothing changed: the order is already ${stateName(reply.state).toLowerCase()}.`;
  if (reply.paymentState !== 'authorised') return done;
  if (reply.state === 'approved') return `${done} The payment provider has not answered yet: the payment will be taken automatically.`;
  if (reply.state === 'rejected' || reply.state === 'cancelled') return `${done} The payment provider has not answered yet: the money held will be released automatically.`;
  return done;
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
