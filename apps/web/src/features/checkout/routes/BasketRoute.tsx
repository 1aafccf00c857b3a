import { Checkout } from './OrderRoute';

/** /basket — the checkout of products bought straight from their page: Account, Shipping, Payment. */
export function Component() {
  // Supplements sit within the weight-loss programme: its consultation's date of birth, if given, is not asked again.
  return <Checkout slug="weight-loss" basket />;
}
