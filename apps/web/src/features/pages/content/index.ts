import { edGuarantee, guarantee } from './guarantee';
import { privacy } from './privacy';
import { terms } from './terms';
import { termsOfSale } from './termsOfSale';
import type { StaticPage } from './types';

export type { StaticPage } from './types';

/** The static pages by their slug under /pages/. */
export const STATIC_PAGES: Readonly<Record<string, StaticPage>> = {
  guarantee,
  'ed-money-back-guarantee': edGuarantee,
  terms,
  'terms-of-sale': termsOfSale,
  privacy,
};
