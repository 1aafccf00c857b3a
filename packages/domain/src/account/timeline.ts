import { z } from 'zod';
import type { OrderState } from '../orders/lifecycle';
import { progressStatusSchema } from './account';

export const TIMELINE_STEP_IDS = ['placed', 'awaiting_patient', 'in_review', 'approved', 'dispatched', 'delivered', 'rejected', 'cancelled', 'refunded'] as const;

export const timelineStepSchema = z.object({
  id: z.enum(TIMELINE_STEP_IDS),
  title: z.string(),
  status: progressStatusSchema,
  /** Why a clinician declined, on the rejected step (or why the order was refunded or cancelled). */
  reason: z.string().nullable(),
  /** When the order reached this step (ISO instant, from its history); absent or null when not yet. */
  at: z.string().nullable().optional(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

const TITLES: Record<TimelineStep['id'], string> = {
  placed: 'Order placed',
  awaiting_patient: 'Waiting for your tasks',
  in_review: 'In clinical review',
  approved: 'Approved',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** A timeline step's title: 'Waiting for your tasks', 'In clinical review', … */
export function timelineTitle(id: TimelineStep['id']): string {
  return TITLES[id];
}

const HAPPY_PATH = ['placed', 'awaiting_patient', 'in_review', 'approved', 'dispatched', 'delivered'] as const;

/** How far along the happy path each state is (the steps before it are done). */
const REACHED: Record<OrderState, number> = {
  payment_pending: -1,
  payment_failed: -1,
  awaiting_patient: 1,
  in_review: 2,
  approved: 3,
  dispatched: 4,
  delivered: 5,
  // The endings below are drawn after the steps they interrupted.
  rejected: 2,
  cancelled: 1,
  refunded: 3,
};

const step = (id: TimelineStep['id'], status: TimelineStep['status'], reason: string | null = null): TimelineStep => ({
  id,
  title: TITLES[id],
  status,
  reason,
});

/**
 * An order's status timeline: placed → waiting for your tasks → in clinical review → approved → dispatched →
 * delivered. A rejected, cancelled or refunded order shows the steps it went through, then its ending with the
 * reason given.
 */
export function orderTimeline(state: OrderState, reason: string | null = null): TimelineStep[] {
  const reached = REACHED[state];
  if (state === 'rejected' || state === 'cancelled' || state === 'refunded') {
    return [...HAPPY_PATH.slice(0, reached).map((id) => step(id, 'completed')), step(state, 'completed', reason)];
  }
  return HAPPY_PATH.map((id, index) => {
    if (index < reached || (index === reached && id === 'delivered')) return step(id, 'completed');
    return step(id, index === reached ? 'active' : 'upcoming');
  });
}

/** One move in an order's history (order_events, machine 'order'), as the timeline reads it. */
export interface OrderHistoryMove {
  event: string;
  toState: string;
  reason: string | null;
  at: string;
}

/**
 * The order page's timeline: orderTimeline's steps, each dated by the last time the order's history reached it
 * (an order sent back for more information reaches its tasks again), and an ending's reason as it was recorded.
 */
export function datedOrderTimeline(state: OrderState, history: readonly OrderHistoryMove[], reason: string | null = null): TimelineStep[] {
  const lastAt = (id: TimelineStep['id']): string | null => {
    const moves = history.filter((move) => (id === 'placed' ? move.event === 'payment_authorised' : move.toState === id));
    return moves.at(-1)?.at ?? null;
  };
  const ending = history.filter((move) => move.toState === state).at(-1);
  return orderTimeline(state, ending?.reason ?? reason).map((step) => ({ ...step, at: step.status === 'completed' || step.status === 'active' ? lastAt(step.id) : null }));
}
