// What other features may use from payment. The payment step is its own chunk, fetched at the Payment step.
import { lazy } from 'react';

export const PaymentStep = lazy(() => import('./components/PaymentStep').then((module) => ({ default: module.PaymentStep })));
export type { PaymentStepProps } from './components/PaymentStep';
export { PAYMENT_RETURN_PATH } from './returnPage';
export { ChallengeDialog } from './components/ChallengeDialog';
