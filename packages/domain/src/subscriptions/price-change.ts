import { addDays, type IsoDate } from '../delivery/calendar-date';
import type { Sourced } from '../clinical/sourced';
import { renewalChargeDate } from './renewal';

/**
 * A change to the catalogue's price of a dose a patient is on reaches their plan only after they have been told:
 * a rise applies from the first delivery charged at least `noticeDays` after the notice (the coming one if its charge is
 * far enough away, else a later one), so nobody is charged a new price they have not heard of, and has time to change
 * or cancel the plan first. A fall applies from the coming delivery.
 */
export interface PriceChangePolicy extends Sourced {
  noticeDays: number;
}

export const PRICE_CHANGE_POLICY: PriceChangePolicy = {
  noticeDays: 14,
  source:
    'Consumer Rights Act 2015, Schedule 2 paragraphs 11 and 15 and CMA guidance on unfair contract terms (CMA37): a trader who varies the price must give reasonable notice and leave the consumer free to end the contract; clinic policy (14 days before the charge)',
  rationale:
    'A patient on a subscription decides whether to go on at the new price before it is taken: 14 days leave time to read the email and to pause, change the dose or cancel before the charge.',
};

/**
 * The delivery a new price applies from, told on `notifiedOn`: for a rise, the first delivery (the coming one, then one
 * every `frequency` days) whose charge date is at least the notice period after the notice; for a fall, the coming one.
 */
export function priceChangeAppliesFrom(input: { nextDelivery: IsoDate; frequency: number; notifiedOn: IsoDate; oldPrice: number; newPrice: number }, policy: PriceChangePolicy = PRICE_CHANGE_POLICY): IsoDate {
  if (input.newPrice <= input.oldPrice) return input.nextDelivery;
  const noticeEnds = addDays(input.notifiedOn, policy.noticeDays);
  let delivery = input.nextDelivery;
  while (renewalChargeDate(delivery) < noticeEnds) delivery = addDays(delivery, input.frequency);
  return delivery;
}
