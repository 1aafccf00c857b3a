import { lazy } from 'react';

/**
 * The payment step as its own chunk, fetched at the Payment step. Apart from index.ts: a module that defines
 * something is kept whole in every page that takes one thing from it, and the index also names the challenge dialog.
 */
export const PaymentStep = lazy(() => import('./PaymentStep').then((module) => ({ default: module.PaymentStep })));
