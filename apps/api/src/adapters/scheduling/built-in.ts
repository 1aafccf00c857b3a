import { SchedulingSignatureError, type Scheduler } from './port';

/** The shop's own scheduler: patients book on the shop's booking page; it sends no webhooks, so none is believed. */
export function builtInScheduler(): Scheduler {
  return {
    name: 'built-in',
    bookingUrl: () => null,
    parseWebhook() {
      throw new SchedulingSignatureError('the built-in scheduler sends no webhooks');
    },
  };
}
