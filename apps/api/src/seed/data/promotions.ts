import type { Promotion } from '@elmwood/domain';

/** Demo promotions; the coupon codes are listed in the README. */
export const demoPromotions: Promotion[] = [
  {
    code: 'SILDENAFIL_FREE_TRIAL',
    name: 'Sildenafil free trial',
    kind: 'fixed',
    value: 500,
    couponCode: null,
    exclusive: false,
    firstOrderOnly: false,
    referral: false,
    variantCodes: ['SILDENAFIL-50MG-4-TRIAL'],
  },
  {
    code: 'FIRST_ORDER_20',
    name: '20% off your first order',
    kind: 'percentage',
    value: 20,
    couponCode: 'WELCOME20',
    exclusive: false,
    firstOrderOnly: true,
    referral: false,
    variantCodes: [],
  },
  {
    code: 'TEN_POUNDS_OFF',
    name: '£10 off',
    kind: 'fixed',
    value: 1000,
    couponCode: 'SAVE10',
    exclusive: false,
    firstOrderOnly: false,
    referral: false,
    variantCodes: [],
  },
  {
    code: 'HALF_PRICE_HAIR',
    name: '50% off hair loss treatment',
    kind: 'percentage',
    value: 50,
    couponCode: 'HAIR50',
    exclusive: true,
    firstOrderOnly: false,
    referral: false,
    variantCodes: ['FINASTERIDE-1MG-28', 'MINOXIDIL-5PCT-60ML'],
  },
];
