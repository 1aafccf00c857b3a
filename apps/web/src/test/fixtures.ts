import { orderTimeline, type Product, type SubscriptionView } from '@elmwood/domain';

/** A supplement with every kind of popup content: sections, a nutrition table with and without NRVs, a quote. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    code: 'DAILY-MULTIVITAMIN',
    slug: 'daily-multivitamin',
    name: 'Daily Multivitamin',
    category: 'supplements',
    description: '<p>A once-a-day <strong>multivitamin</strong> to support a reduced-calorie diet.</p>',
    shortDescription: 'Vitamins and minerals for every day',
    expandedInfo: null,
    modalTxt: null,
    isPrescriptionOnly: false,
    images: [
      { code: 'main', alt: 'Daily Multivitamin tub', sizes: { '1x': '/images/products/daily-multivitamin.svg', '2x': '/images/products/daily-multivitamin.svg' } },
    ],
    attributes: [
      {
        code: 'how_it_works',
        name: 'How it works',
        value: '<p>Take one capsule with breakfast.</p>',
        tags: ['product_info_modal'],
      },
      {
        code: 'ingredients',
        name: 'Ingredients',
        value: { title: 'What is inside', text: '<p>Vitamin D, vitamin B12 and chromium.</p>' },
        tags: ['product_info_modal'],
      },
      { code: 'internal_note', name: 'Internal', value: 'not for the popup', tags: [] },
      {
        code: 'nutritional_info',
        name: 'Nutritional information',
        value: JSON.stringify({
          serving_size: '1 capsule',
          table: [
            { name: 'Vitamin D', amount: '25 µg', nrv: '500%' },
            { name: 'Chromium', amount: '40 µg', nrv: '100%' },
            { name: 'Green tea extract', amount: '50 mg', nrv: null },
          ],
        }),
        tags: [],
      },
      {
        code: 'earim_quote_treatment',
        name: 'Clinician quote',
        value: { text: 'A good multivitamin fills the gaps a smaller diet can leave.', author: 'Dr Amira Shah', role: 'Medical Director' },
        tags: [],
      },
      { code: 'product_bg_color', name: 'Background', value: '#eef4f1', tags: [] },
    ],
    variants: [
      {
        code: 'DAILY-MULTIVITAMIN-30',
        name: '30 capsules',
        dosage: '1 capsule a day',
        quantityPerMonth: 30,
        quantityPerMonthType: 'capsules',
        inStock: true,
        prices: [
          { freq: 30, price: 1500, discountedPrice: null },
          { freq: 90, price: 3900, discountedPrice: null },
          { freq: 1, price: 1800, discountedPrice: null },
        ],
      },
    ],
    ...overrides,
  };
}

export function makeWegovy(overrides: Partial<Product> = {}): Product {
  return {
    code: 'WEGOVY',
    slug: 'wegovy',
    name: 'Wegovy',
    category: 'weight-loss',
    description: '<p>Wegovy (semaglutide) is a once-weekly injection.</p>',
    shortDescription: 'Once-weekly weight-loss injection',
    expandedInfo: null,
    modalTxt: null,
    isPrescriptionOnly: true,
    images: [
      { code: 'main', alt: 'Wegovy pen', sizes: { '1x': '/images/products/wegovy.svg', '2x': '/images/products/wegovy.svg' } },
      { code: 'carousel', alt: 'Wegovy pen, side view', sizes: { '1x': '/images/products/wegovy-2.svg', '2x': '/images/products/wegovy-2.svg' } },
    ],
    attributes: [],
    variants: [
      {
        code: 'WEGOVY-0-25MG',
        name: '0.25 mg',
        dosage: '0.25 mg',
        quantityPerMonth: 1,
        quantityPerMonthType: 'pen',
        inStock: false,
        prices: [
          { freq: 30, price: 14900, discountedPrice: null },
          { freq: 90, price: 41700, discountedPrice: null },
          { freq: 1, price: 15900, discountedPrice: null },
        ],
      },
      {
        code: 'WEGOVY-0-5MG',
        name: '0.5 mg',
        dosage: '0.5 mg',
        quantityPerMonth: 1,
        quantityPerMonthType: 'pen',
        inStock: true,
        prices: [
          { freq: 30, price: 16900, discountedPrice: 15900 },
          { freq: 90, price: 47700, discountedPrice: null },
          { freq: 1, price: 17900, discountedPrice: null },
        ],
      },
      {
        code: 'WEGOVY-1MG',
        name: '1 mg',
        dosage: '1 mg',
        quantityPerMonth: 1,
        quantityPerMonthType: 'pen',
        inStock: true,
        prices: [
          { freq: 30, price: 19900, discountedPrice: null },
          { freq: 90, price: 56700, discountedPrice: null },
          { freq: 1, price: 20900, discountedPrice: null },
        ],
      },
    ],
    ...overrides,
  };
}

/** An active monthly Wegovy plan whose order was dispatched, as GET /shop-api/subscriptions/{id} answers it. */
export function makeSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub-1',
    state: 'active',
    price: { current: 19900 },
    discount: 0,
    nextShipment: '2026-12-10',
    isShippingRequired: true,
    frequency: 30,
    planMonths: 1,
    items: [{ productCode: 'WEGOVY', productSlug: 'wegovy', productName: 'Wegovy', variantName: '0.25 mg', dosage: '0.25 mg', quantity: 1, image: null }],
    order: { number: '000123', state: 'dispatched', timeline: orderTimeline('dispatched') },
    nextDeliveryLimits: { earliest: '2026-11-26', latest: '2027-01-07' },
    nextDeliveryRefusal: null,
    paymentMethod: { brand: 'Visa', last4: '4242' },
    ...overrides,
  };
}
