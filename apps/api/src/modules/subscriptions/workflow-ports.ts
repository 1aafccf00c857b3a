import type { IsoDate, OrderPaymentEvent, SubscriptionEvent } from '@elmwood/domain';
import type { Db } from '../../db/client';
import type { Actor, EventDetails } from '../../lifecycle/index';

/** One event raised on a plan, on the day the shop's clock says it is. */
export interface PlanEventInput {
  planId: string;
  event: SubscriptionEvent;
  actor: Actor;
  details?: EventDetails;
  today: IsoDate;
}

/**
 * How this module moves a plan: the event through the lifecycle table and then every effect its row names, in the
 * caller's transaction. The shop's workflows carry the effects out (workflows/plan-effects.ts); this module only
 * names the moment, as orders do with their placement.
 */
export interface PlanEvents {
  apply(tx: Db, input: PlanEventInput): Promise<{ applied: boolean }>;
}

/** A renewal's money moved (charged, declined), with the payment table's effects (the approval's message). */
export interface OrderPaymentEvents {
  apply(tx: Db, orderId: number, event: OrderPaymentEvent, actor: Actor, details: EventDetails): Promise<{ applied: boolean }>;
}
