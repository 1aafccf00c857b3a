import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

export const NAME_CONFIRMATION_MESSAGE = 'Please confirm to proceed';

/** A checkbox that must be ticked; the checkout experiment words the terms message differently. */
export function mustBeTicked(message: string = REQUIRED_MESSAGE) {
  return z.literal(true, { error: message });
}

export const termsAgreementSchema = mustBeTicked(REQUIRED_MESSAGE);

/** Legal name, born male, buying for self: required only when the form asks for it. */
export const nameConfirmationSchema = mustBeTicked(NAME_CONFIRMATION_MESSAGE);
