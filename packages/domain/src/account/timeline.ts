import { z } from 'zod';
import type { OrderState } from '../orders/order';
import { progressStatusSchema } from './account';

export const timelineStepSchema = z.object({
  id: z.enum(['awaiting_clinical_review', 'approved', 'dispatched', 'delivered', 'rejected', 'cancelled']),
  title: z.string(),
  status: progressStatusSchema,
  /** Why a clinician declined, on the rejected step. */
  reason: z.string().nullable(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

const TITLES = {
  awaiting_clinical_review: 'Awaiting clinical review',
  approved: 'Approved',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
} as const;

const HAPPY_PATH = ['awaiting_clinical_review', 'approved', 'dispatched', 'delivered'] as const;

/** Where an order has got to: how far along the happy path it is (the steps before the current one are done). */
const REACHED: Partial<Record<OrderState, number>> = {
  payment_pending: -1,
  payment_failed: -1,
  awaiting_clinical_review: 0,
  approved: 1,
  dispatched: 2,
  delivered: 3,
};

const step = (id: TimelineStep['id'], status: TimelineStep['status'], reason: string | null = null): TimelineStep => ({
  id,
  title: TITLES[id],
  status,
  reason,
});

/**
 * An order's status timeline: awaiting clinical review → approved → dispatched → delivered; a rejected order
 * ends after the review with the clinician's reason, a cancelled one with its cancellation.
 */
export function orderTimeline(state: OrderState, rejectionReason: string | null = null): TimelineStep[] {
  if (state === 'rejected') return [step('awaiting_clinical_review', 'completed'), step('rejected', 'completed', rejectionReason)];
  if (state === 'cancelled') return [step('cancelled', 'completed')];
  const reached = REACHED[state] ?? -1;
  return HAPPY_PATH.map((id, index) => {
    if (index < reached || (index === reached && id === 'delivered')) return step(id, 'completed');
    return step(id, index === reached ? 'active' : 'upcoming');
  });
}
