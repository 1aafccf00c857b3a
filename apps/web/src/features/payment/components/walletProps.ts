import type { CompleteCheckout, PaymentConfig } from '@elmwood/domain';

export interface WalletProps {
  config: PaymentConfig;
  /** The cart total in pence. */
  total: number;
  /** Places the order with what `prepare` returns; resolves true once it is placed (or handed to the bank). */
  pay: (prepare: () => Promise<CompleteCheckout>) => Promise<boolean>;
}
