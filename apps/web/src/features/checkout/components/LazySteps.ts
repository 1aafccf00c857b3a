import { preloadable } from '../../../lib/preloadable';
import { cartCookieToken } from '../../cart';

/**
 * The Account and Shipping steps as their own chunks (with the form validation and dialogs they bring): a visitor
 * with no basket is shown only that it is empty, and should not download a checkout's forms to see it.
 */
const accountStep = preloadable(() => import('./AccountStep').then((module) => module.AccountStep));
const shippingStep = preloadable(() => import('./ShippingStep').then((module) => module.ShippingStep));

export const AccountStep = accountStep.Component;
export const ShippingStep = shippingStep.Component;

/**
 * Before a checkout is server-rendered (once per server process: every visitor's page may need them), and before a
 * browser hydrates one that shows a basket: the steps' code, so they render with the rest of the page.
 */
export async function loadStepsForHydration(): Promise<void> {
  const onServer = typeof document === 'undefined';
  if (onServer || cartCookieToken()) await Promise.all([accountStep.preload(), shippingStep.preload()]);
}
