import type { OrderState } from '../orders/lifecycle';
import type { ProgressSection, ProgressStatus } from './account';

export interface ProgressInput {
  /** The patient's latest order that is still going (not failed, rejected or cancelled); null when none. */
  order: { state: OrderState } | null;
  /** The patient's critical tasks still open (ID and full-length photo), whichever order brought them. */
  openCriticalTasks: number;
}

const TITLES: Record<ProgressSection['id'], string> = {
  consultation: 'Consultation completed',
  order: 'Order placed',
  verification: 'Verify your details',
  review: 'Clinician review',
  dispatch: 'Treatment dispatched',
};

const PAST_REVIEW: ReadonlySet<OrderState> = new Set(['approved', 'dispatched', 'delivered']);

/**
 * The account home's progress card: each step is completed or not; the first that is not is the active one,
 * the rest upcoming. Without an order, the consultation is where the patient starts.
 */
export function progressSections({ order, openCriticalTasks }: ProgressInput): ProgressSection[] {
  const placed = order !== null && order.state !== 'payment_pending' && order.state !== 'payment_failed';
  const reviewed = order !== null && PAST_REVIEW.has(order.state);
  const done: Record<ProgressSection['id'], boolean> = {
    consultation: order !== null,
    order: placed,
    verification: placed && order.state !== 'awaiting_patient' && (openCriticalTasks === 0 || reviewed),
    review: reviewed,
    dispatch: order !== null && (order.state === 'dispatched' || order.state === 'delivered'),
  };
  let activeGiven = false;
  return (Object.keys(TITLES) as ProgressSection['id'][]).map((id) => {
    let status: ProgressStatus = 'upcoming';
    if (done[id]) status = 'completed';
    else if (!activeGiven) {
      status = 'active';
      activeGiven = true;
    }
    return { id, title: TITLES[id], status };
  });
}
