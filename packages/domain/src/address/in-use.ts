import type { OrderState } from '../orders/lifecycle';

export const ADDRESS_IN_USE_MESSAGE = 'This address is being used for an order in progress, so it cannot be deleted. You can delete it once the order has arrived.';

/**
 * Orders still on their way to the patient: waiting for payment, for the patient, for a clinician, or for the
 * courier. Their delivery address must stay in the address book until they arrive.
 */
export const ORDER_STATES_IN_PROGRESS: readonly OrderState[] = ['payment_pending', 'awaiting_patient', 'in_review', 'approved', 'dispatched'];

interface AddressPlace {
  company?: unknown;
  street?: unknown;
  city?: unknown;
  postcode?: unknown;
}

const tidy = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, ' ') : '');

/**
 * Whether two addresses name the same place (lines, town and postcode; names and phone aside). An order keeps a
 * copy of its address, not a link to the address book, so this is how a saved address is matched to an order.
 */
export function isSamePlace(a: AddressPlace, b: AddressPlace): boolean {
  return (['company', 'street', 'city', 'postcode'] as const).every((key) => tidy(a[key]) === tidy(b[key]));
}
