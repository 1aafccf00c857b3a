/** The checkout breadcrumb, in order (SPEC §4 "Checkout step"). */
export const CHECKOUT_STEPS = ['HEALTH-PLAN', 'ACCOUNT', 'SHIPPING', 'PAYMENT'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const CHECKOUT_STEP_LABELS: Readonly<Record<CheckoutStep, string>> = {
  'HEALTH-PLAN': 'Health Plan',
  ACCOUNT: 'Account',
  SHIPPING: 'Shipping',
  PAYMENT: 'Payment',
};
