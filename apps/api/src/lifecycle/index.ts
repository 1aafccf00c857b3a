export { applyOrderEvent, applyOrderPaymentEvent, needsPrescriber, orderHistory, type HeldOrderStates, type OrderEventRow } from './orders';
export { applySubscriptionEvent, renewalCheckIn, subscriptionHistory } from './subscriptions';
export { LifecycleActorError, type Actor, type EventDetails, type Transitioned } from './transition';
