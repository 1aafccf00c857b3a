import { CLINICAL_DECISION_EVENTS, type OrderReview, type SupportOrderView } from '@elmwood/domain';

type HistoryEvent = OrderReview['history'][number];

/** A clinical decision's reason and data (why it was rejected, what the prescriber asked) are not support's to read. */
function withoutClinicalReason(event: HistoryEvent): HistoryEvent {
  if (event.machine === 'order' && CLINICAL_DECISION_EVENTS.includes(event.event)) return { ...event, reason: null, data: null };
  // The verification an approval rested on holds the verified BMI: the clinical record's, not support's.
  if (event.data && 'verification' in event.data) {
    const { verification: _verification, ...data } = event.data;
    return { ...event, data };
  }
  return event;
}

/**
 * Support's view of an order: status, delivery, payment and contact. The clinical record (answers, measurements,
 * photos, GP, the injection log and side-effect diary) is left out, as are what a task asked or was answered (the prescriber's questions and their answers), clinical reasons and the dose asked for.
 */
export function supportOrderView(review: OrderReview): SupportOrderView {
  const { view: _view, consultations: _consultations, measurements: _measurements, photos: _photos, gp: _gp, informationRequests: _questions, renewal, dose: _dose, possibleSecondAccounts: _others, verification: _verification, companion: _companion, ...order } = review;
  return {
    ...order,
    view: 'support',
    tasks: order.tasks.map((task) => ({ ...task, details: null })),
    history: order.history.map(withoutClinicalReason),
    previousOrders: order.previousOrders.map((previous) => ({ ...previous, decisions: previous.decisions.map(withoutClinicalReason) })),
    renewal: renewal ? { deliveryDate: renewal.deliveryDate } : null,
  };
}
