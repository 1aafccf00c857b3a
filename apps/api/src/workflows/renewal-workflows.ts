import type { PaymentGateway } from '../adapters/payment-gateway/port';
import type { Db } from '../db/client';
import { createRenewalService, type PlanEvents, type RenewalService } from '../modules/subscriptions/index';
import { orderPaymentEventsWorkflow, type OrderEffectDeps } from './order-effects';
import { planEventsWorkflow } from './plan-effects';

export interface RenewalWorkflowDeps extends Omit<OrderEffectDeps, 'renewals'> {
  db: Db;
  gateway: PaymentGateway;
  log: { error(details: object, message: string): void };
  now: () => Date;
  unansweredTrySeconds?: number;
}

/**
 * The plan and order workflows wired to each other: renewals raise plan events (carried out by the plan table's
 * handlers) and payment events (the order table's), and the order's handlers hold a renewal's plan. One place, so
 * the API, the worker and a test's process compose the same shop.
 */
export function renewalWorkflows({ db, gateway, log, now, unansweredTrySeconds, ...shared }: RenewalWorkflowDeps): { planEvents: PlanEvents; renewals: RenewalService; orderEffects: OrderEffectDeps } {
  const planEvents = planEventsWorkflow({ notifier: shared.notifier });
  // The order's handlers need the renewals, and the renewals raise payment events with the order's handlers.
  const wired: { orderEffects?: OrderEffectDeps } = {};
  const orderPayments = orderPaymentEventsWorkflow(() => wired.orderEffects!);
  const renewals = createRenewalService({ db, gateway, notifier: shared.notifier, log, planEvents, orderPayments, now, ...(unansweredTrySeconds === undefined ? {} : { unansweredTrySeconds }) });
  const orderEffects: OrderEffectDeps = { ...shared, renewals };
  wired.orderEffects = orderEffects;
  return { planEvents, renewals, orderEffects };
}
