// What other features may use from payment. Only re-exports, so a page takes just what it names (vite.config.ts).
export { PaymentStep } from './components/LazyPaymentStep';
export type { PaymentStepProps } from './components/PaymentStep';
export { PAYMENT_RETURN_PATH } from './returnPage';
export { ChallengeDialog } from './components/ChallengeDialog';
