import { declineMessage, PAYMENT_ERROR } from '@elmwood/domain';
import { isApiError } from './api';

/**
 * What the patient reads for a payment error: a decline the API explained (details.reason) in the domain's plain
 * English with what to do next, never a gateway's own words; anything else as the API said it.
 */
export function paymentErrorMessage(error: Error): string {
  const reason = isApiError(error) ? (error.details as { reason?: unknown } | undefined)?.reason : undefined;
  return isApiError(error) && error.code === PAYMENT_ERROR.declined && reason !== undefined ? declineMessage(reason) : error.message;
}
