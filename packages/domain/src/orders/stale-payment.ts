/**
 * What the shop does about a checkout attempt whose gateway answer it never recorded (the server crashed, the
 * reply was lost, or the patient closed the 3-D Secure or PayPal window), given what the gateway holds under the
 * order's number.
 */

/** A checkout left waiting this long is settled by the sweeper: a 3-D Secure or PayPal step takes a few minutes. */
export const STALE_PAYMENT_MINUTES = 15;
/** How long a replaced attempt is watched for an authorisation arriving late (3-D Secure and PayPal sessions expire well before). */
export const SUPERSEDED_WATCH_HOURS = 24;

export interface GatewayPaymentRecord {
  paymentId: string;
  status: 'pending' | 'authorised' | 'declined' | 'captured' | 'voided' | 'refunded';
  amount: number;
}

export type StalePaymentDecision =
  /** The patient paid (the bank authorised the order's amount): place the order as checkout would have. */
  | { action: 'complete'; paymentId: string; release: string[] }
  /**
   * Nothing was paid: the attempt fails. 'declined' when the gateway said no (it counts towards the patient's
   * failed-payment limit), 'superseded' when it was simply never finished (it does not).
   */
  | { action: 'fail'; event: 'declined' | 'superseded'; release: string[] };

/**
 * A payment_pending order past STALE_PAYMENT_MINUTES. Completing rather than voiding an authorisation of exactly the
 * order's total: the patient pressed Pay and the bank agreed, the cart has been locked since, so the order is what
 * they paid for; voiding would make them pay again for the same basket. Any other authorisation is released.
 */
export function decideStalePayment(orderTotal: number, found: readonly GatewayPaymentRecord[]): StalePaymentDecision {
  const authorised = found.filter((payment) => payment.status === 'authorised');
  const paid = authorised.find((payment) => payment.amount === orderTotal);
  const release = authorised.filter((payment) => payment !== paid).map((payment) => payment.paymentId);
  if (paid) return { action: 'complete', paymentId: paid.paymentId, release };
  const declined = found.length > 0 && found.every((payment) => payment.status === 'declined');
  return { action: 'fail', event: declined ? 'declined' : 'superseded', release };
}

/**
 * A replaced or abandoned attempt: every authorisation it holds is released; it is settled (watched no longer)
 * once nothing at the gateway can still become one.
 */
export function releaseSuperseded(found: readonly GatewayPaymentRecord[]): { release: string[]; settled: boolean } {
  return {
    release: found.filter((payment) => payment.status === 'authorised').map((payment) => payment.paymentId),
    settled: found.every((payment) => payment.status !== 'pending'),
  };
}
