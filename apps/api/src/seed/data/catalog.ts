import { DEMO_MEDICAL_DIRECTOR, type ProductAttribute, type ProductImage } from '@elmwood/domain';
import { FINASTERIDE_AGES } from './questionnaires/hair-loss';
import type { SeedProduct } from '../types';

/*
 * The demo catalogue of Elmwood Health, a UK online clinic.
 *
 * Prices are in pence: 30 is one month on a monthly subscription, 90 is the whole three-month
 * delivery of a quarterly subscription, 1 is one month bought once. Subscriptions always cost less
 * per month than a one-off, so the storefront's 'Save N%' is positive.
 *
 * Copy is written the way a GPhC-registered pharmacy and CQC-registered clinic would publish it:
 * plain, calm and factual, with no cure claims. HTML is limited to <p>, <ul><li> and <strong>.
 */

const CHANNELS: SeedProduct['channels'] = ['WEB_WL_UK', 'WEB_UK'];

// The demo brand's medical director, as 'Who prescribes' names them outside production (one source).
const MEDICAL_DIRECTOR = { author: DEMO_MEDICAL_DIRECTOR.name, role: 'Medical Director, Elmwood Health' } as const;

function productImages(slug: string, alt: { main: string; carousel: [string, string] }): ProductImage[] {
  const image = (code: string, file: string, text: string): ProductImage => {
    const url = `/images/products/${file}.svg`;
    return { code, alt: text, sizes: { '1x': url, '2x': url } };
  };
  return [
    image('main', slug, alt.main),
    image('carousel', `${slug}-carousel-1`, alt.carousel[0]),
    image('carousel', `${slug}-carousel-2`, alt.carousel[1]),
  ];
}

function planName(name: string): ProductAttribute {
  return { code: 'plan_name', name: 'Plan name', value: { name }, tags: [] };
}

function quote(text: string): ProductAttribute {
  return { code: 'earim_quote_treatment', name: 'Medical director’s note', value: { text, ...MEDICAL_DIRECTOR }, tags: [] };
}

function backgroundColour(hex: string): ProductAttribute {
  return { code: 'product_bg_color', name: 'Background colour', value: hex, tags: [] };
}

/**
 * The thank-you page after a weight-loss order (SPEC §3 task_thankyou_page_next_steps and _info_box): what is done,
 * what the patient still has to do (identity and weight are verified before a clinician can prescribe), and when.
 */
const WEIGHT_LOSS_THANK_YOU: ProductAttribute[] = [
  {
    code: 'task_thankyou_page_next_steps',
    name: 'What happens next',
    value: {
      items: [
        { title: 'Consultation completed', subtitle: 'Thank you for telling us about your health.', actionNeeded: false },
        { title: 'Order placed', subtitle: 'Your card is authorised, not charged: you pay only once a clinician approves your treatment.', actionNeeded: false },
        {
          title: 'Verify your identity and weight',
          subtitle: 'Upload a photo ID and a full-length photo. UK rules require both before weight-loss medication can be prescribed.',
          actionNeeded: true,
        },
        { title: 'Clinician review', subtitle: 'A UK-registered clinician reviews your order, usually within 24 hours.', actionNeeded: false },
        { title: 'Delivery', subtitle: 'Once approved, your treatment is delivered within 2 working days in plain packaging.', actionNeeded: false },
      ],
    },
    tags: [],
  },
  {
    code: 'task_thankyou_page_info_box',
    name: 'Before your clinician can prescribe',
    value: {
      doctorsImg: null,
      title: 'Our clinicians need two photos from you',
      subtitle: 'A photo of your ID and a full-length photo let us confirm who you are and your weight. It takes about two minutes.',
      ctaText: 'Upload your photos',
      alertBoxText: 'We cannot send your treatment until both photos are checked.',
    },
    tags: [],
  },
];

/** A titled section of the product information dialog. */
function infoSection(code: string, name: string, value: string): ProductAttribute {
  return { code, name, value, tags: ['product_info_modal'] };
}

const GLP1_NOT_FOR =
  '<p>Our clinicians will not prescribe this treatment if you:</p>' +
  '<ul>' +
  '<li>are pregnant, breastfeeding or trying to conceive</li>' +
  '<li>have had pancreatitis</li>' +
  '<li>have a personal or family history of medullary thyroid cancer or multiple endocrine neoplasia type 2 (MEN2)</li>' +
  '<li>have type 1 diabetes, or an eating disorder now or in the past</li>' +
  '<li>have severe kidney or liver disease</li>' +
  '<li>already take another medicine of this kind, such as Ozempic, Rybelsus, Victoza or Trulicity</li>' +
  '<li>have ever had an allergic reaction to this medicine or its ingredients</li>' +
  '</ul>' +
  '<p>This service is for adults aged 18 to 74. If you are new to these injections you start on the lowest dose; if you already take one, we continue your dose once we have seen your previous prescription.</p>' +
  '<p>Tell us about every medicine you take, especially insulin or other diabetes medicines. Our clinicians will check whether treatment is safe for you and may ask for more information or contact your GP.</p>';

const GLP1_SIDE_EFFECTS =
  '<p>The most common side effects are stomach-related and usually ease as your body adjusts: feeling sick, diarrhoea, constipation, vomiting, indigestion and stomach pain. Headache and tiredness are also common.</p>' +
  '<p>Eating smaller meals, stopping when you feel full and drinking plenty of water can help.</p>' +
  '<p><strong>Get urgent medical help</strong> if you have severe stomach pain that does not go away (it can spread to your back), as this can be a sign of pancreatitis. Pain in the upper right of your tummy, yellowing skin or eyes, or severe vomiting with signs of dehydration also need prompt advice.</p>';

const PDE5_NOT_FOR =
  '<p>Do not take this treatment if you:</p>' +
  '<ul>' +
  '<li>use nitrate medicines such as a GTN spray or isosorbide mononitrate, or recreational “poppers”</li>' +
  '<li>take riociguat</li>' +
  '<li>have been advised to avoid sexual activity because of a heart condition, or have had a heart attack or stroke in the last six months</li>' +
  '<li>have low blood pressure, severe liver problems or an inherited eye condition such as retinitis pigmentosa</li>' +
  '<li>have ever lost vision because of reduced blood flow to the optic nerve (NAION)</li>' +
  '</ul>' +
  '<p>Tell us about every medicine you take, including alpha-blockers for blood pressure or prostate symptoms.</p>';

export const demoCatalog: SeedProduct[] = [
  // ——— Weight loss ———
  {
    code: 'WEGOVY',
    slug: 'wegovy',
    name: 'Wegovy',
    category: 'weight-loss',
    description:
      '<p><strong>Wegovy</strong> (semaglutide) is a once-weekly injection for weight management in adults. It is used alongside a reduced-calorie diet and more physical activity.</p>' +
      '<ul>' +
      '<li>One injection a week, on the same day each week</li>' +
      '<li>The dose goes up gradually, usually every four weeks, to help your body adjust</li>' +
      '<li>Prescribed only after one of our UK-registered clinicians has reviewed your health questionnaire</li>' +
      '</ul>',
    shortDescription: 'Once-weekly semaglutide injection for weight management, alongside diet and activity.',
    expandedInfo:
      '<p>Wegovy is usually suitable for adults with a body mass index (BMI) of 30 or more, or 27 or more with a weight-related health condition such as high blood pressure or type 2 diabetes. Our clinicians decide whether it is right for you.</p>' +
      '<p>You start at 0.25 mg and move up through 0.5 mg, 1 mg and 1.7 mg to the usual maintenance dose of 2.4 mg. Your clinician may keep you on a lower dose for longer if side effects need time to settle.</p>',
    modalTxt: 'How Wegovy works, how to use the pen, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    channels: CHANNELS,
    images: productImages('wegovy', {
      main: 'Wegovy semaglutide pack with a once-weekly injection pen',
      carousel: [
        'Wegovy injection pen with the cap off, showing the dose window and dose button',
        'Calendar showing one injection a week, taken on the same day each week',
      ],
    }),
    attributes: [
      planName('Wegovy weight-loss programme'),
      quote(
        'Wegovy works best as part of a wider plan: steady changes to what you eat and how you move, with regular check-ins. We increase the dose slowly so that side effects such as nausea have time to settle, and we review with you at every step whether it is still the right treatment.',
      ),
      backgroundColour('#e8f0ec'),
      ...WEIGHT_LOSS_THANK_YOU,
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Semaglutide copies a natural hormone called GLP-1 that your gut releases after eating. It acts on the areas of the brain that control appetite, so you feel fuller sooner and less hungry between meals. It also slows down how quickly your stomach empties.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul>' +
          '<li>Inject once a week, on the same day each week, at any time of day, with or without food.</li>' +
          '<li>Inject just under the skin of your tummy, thigh or upper arm, changing the spot each week.</li>' +
          '<li>If you miss a dose and your next one is more than two days away, take it as soon as you remember. Otherwise skip it and take the next dose as usual.</li>' +
          '<li>Keep unused pens in the fridge (2 to 8°C) and do not freeze them. The leaflet in the pack explains how long a pen can be kept at room temperature.</li>' +
          '</ul>',
      ),
      infoSection('side_effects', 'Side effects', GLP1_SIDE_EFFECTS),
      infoSection('who_it_is_not_for', 'Who it is not for', GLP1_NOT_FOR),
    ],
    variants: [
      { code: 'WEGOVY-0-25MG', name: '0.25 mg', dosage: '0.25 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 14900, 90: 41700, 1: 15900 } },
      { code: 'WEGOVY-0-5MG', name: '0.5 mg', dosage: '0.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 16900, 90: 47700, 1: 17900 } },
      { code: 'WEGOVY-1MG', name: '1 mg', dosage: '1 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 19900, 90: 56700, 1: 21900 } },
      { code: 'WEGOVY-1-7MG', name: '1.7 mg', dosage: '1.7 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 24900, 90: 71700, 1: 26900 } },
      { code: 'WEGOVY-2-4MG', name: '2.4 mg', dosage: '2.4 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 27900, 90: 80700, 1: 29900 } },
    ],
  },
  {
    code: 'MOUNJARO',
    slug: 'mounjaro',
    name: 'Mounjaro',
    category: 'weight-loss',
    description:
      '<p><strong>Mounjaro</strong> (tirzepatide) is a once-weekly injection for weight management in adults, given with a KwikPen. It is used alongside a reduced-calorie diet and more physical activity.</p>' +
      '<ul>' +
      '<li>One pen holds four weekly doses, a month’s supply</li>' +
      '<li>You start at 2.5 mg and increase in 2.5 mg steps, no sooner than every four weeks</li>' +
      '<li>Prescribed only after one of our UK-registered clinicians has reviewed your health questionnaire</li>' +
      '</ul>',
    shortDescription: 'Once-weekly tirzepatide KwikPen for weight management, alongside diet and activity.',
    expandedInfo:
      '<p>Mounjaro is usually suitable for adults with a body mass index (BMI) of 30 or more, or 27 or more with a weight-related health condition. Our clinicians decide whether it is right for you.</p>' +
      '<p><strong>Contraception:</strong> Mounjaro can make the contraceptive pill less effective, particularly if it causes vomiting or diarrhoea. If you take the pill, use a condom as well, or switch to a non-oral method, for four weeks after starting and for four weeks after each dose increase.</p>',
    modalTxt: 'How Mounjaro works, how to use the KwikPen, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    channels: CHANNELS,
    images: productImages('mounjaro', {
      main: 'Mounjaro tirzepatide KwikPen pack with the injection pen in front',
      carousel: [
        'Mounjaro KwikPen with the cap off, showing the dose window and dose knob',
        'Calendar showing one injection a week, taken on the same day each week',
      ],
    }),
    attributes: [
      planName('Mounjaro weight-loss programme'),
      quote(
        'Mounjaro can be very effective, but it is not a shortcut. We start everyone at 2.5 mg, only increase the dose when you are ready, and check in with you regularly. If you take the contraceptive pill, please read our contraception advice carefully before you start.',
      ),
      backgroundColour('#e6eef0'),
      ...WEIGHT_LOSS_THANK_YOU,
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Tirzepatide acts on two natural gut hormones, GIP and GLP-1, that help regulate appetite and blood sugar. Most people feel full sooner and think about food less, which makes it easier to eat smaller portions.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul>' +
          '<li>Inject once a week, on the same day each week, at any time of day, with or without food.</li>' +
          '<li>Prime the KwikPen before each dose as shown in the leaflet, then inject under the skin of your tummy, thigh or upper arm.</li>' +
          '<li>If you miss a dose, take it within four days. If more than four days have passed, skip it and take your next dose on the usual day.</li>' +
          '<li>Keep unused pens in the fridge (2 to 8°C) and do not freeze them. The leaflet in the pack explains how long a pen in use can be kept at room temperature.</li>' +
          '</ul>',
      ),
      infoSection('side_effects', 'Side effects', GLP1_SIDE_EFFECTS),
      infoSection('who_it_is_not_for', 'Who it is not for', GLP1_NOT_FOR),
    ],
    variants: [
      { code: 'MOUNJARO-2-5MG', name: '2.5 mg', dosage: '2.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 17900, 90: 50700, 1: 19900 } },
      { code: 'MOUNJARO-5MG', name: '5 mg', dosage: '5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 22900, 90: 65700, 1: 24900 } },
      { code: 'MOUNJARO-7-5MG', name: '7.5 mg', dosage: '7.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 27900, 90: 80700, 1: 29900 } },
      { code: 'MOUNJARO-10MG', name: '10 mg', dosage: '10 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 29900, 90: 86700, 1: 31900 } },
      { code: 'MOUNJARO-12-5MG', name: '12.5 mg', dosage: '12.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 30900, 90: 89700, 1: 32900 } },
      { code: 'MOUNJARO-15MG', name: '15 mg', dosage: '15 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', prices: { 30: 31900, 90: 92700, 1: 33900 } },
    ],
  },
  {
    code: 'OZEMPIC',
    slug: 'ozempic',
    name: 'Ozempic',
    category: 'weight-loss',
    description:
      '<p><strong>Ozempic</strong> (semaglutide) is a once-weekly injection licensed in the UK to treat type 2 diabetes. Our clinicians prescribe it for weight loss only where that is clinically appropriate; for most people they will recommend Wegovy or Mounjaro instead.</p>' +
      '<p>Ozempic is currently out of stock. Leave your email address and we will let you know when it is available again.</p>',
    shortDescription: 'Once-weekly semaglutide injection, prescribed for weight loss only where appropriate.',
    expandedInfo:
      '<p>Ozempic contains the same medicine as Wegovy, semaglutide, but comes in different doses and is licensed for type 2 diabetes. Supplies are reserved for people with diabetes first, so we prescribe it for weight management only in specific circumstances, after a full clinical review.</p>',
    modalTxt: 'How Ozempic works, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    // Licensed for type 2 diabetes, not weight management (issue 15): kept for its records, sold on no channel.
    channels: [],
    images: productImages('ozempic', {
      main: 'Ozempic semaglutide pack with a once-weekly injection pen',
      carousel: [
        'Ozempic injection pen with the cap off, showing the dose counter',
        'Calendar showing one injection a week, taken on the same day each week',
      ],
    }),
    attributes: [
      planName('Ozempic weight-loss programme'),
      quote(
        'Ozempic is a diabetes medicine. For weight management we usually recommend Wegovy or Mounjaro, which are licensed for that purpose, and we prescribe Ozempic only where it is clinically appropriate for you.',
      ),
      backgroundColour('#eeecf4'),
      ...WEIGHT_LOSS_THANK_YOU,
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Semaglutide copies GLP-1, a hormone your gut releases after eating. It helps your body release insulin when blood sugar is high, slows stomach emptying and reduces appetite.</p>',
      ),
      infoSection('side_effects', 'Side effects', GLP1_SIDE_EFFECTS),
      infoSection('who_it_is_not_for', 'Who it is not for', GLP1_NOT_FOR),
    ],
    variants: [
      { code: 'OZEMPIC-0-5MG', name: '0.5 mg', dosage: '0.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', inStock: false, prices: { 30: 16900, 90: 47700, 1: 17900 } },
      { code: 'OZEMPIC-1MG', name: '1 mg', dosage: '1 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen', inStock: false, prices: { 30: 19900, 90: 56700, 1: 21900 } },
    ],
  },

  // ——— Erectile dysfunction ———
  {
    code: 'SILDENAFIL',
    slug: 'sildenafil',
    name: 'Sildenafil',
    category: 'erectile-dysfunction',
    description:
      '<p><strong>Sildenafil</strong> is a tablet for erectile dysfunction, the same medicine as Viagra. Taken about an hour before sex, it helps you get and keep an erection when you are sexually aroused.</p>' +
      '<ul>' +
      '<li>Can keep working for up to about four hours</li>' +
      '<li>Available in 25 mg, 50 mg and 100 mg tablets</li>' +
      '<li>Prescribed after a clinician has reviewed your health questionnaire; delivered in plain packaging</li>' +
      '</ul>',
    shortDescription: 'Erectile dysfunction tablet taken about an hour before sex. Works for up to about four hours.',
    expandedInfo:
      '<p>Most men start on 50 mg. Your clinician may suggest 25 mg if you are over 65 or take certain medicines, or 100 mg if 50 mg has not worked well enough. Do not take more than one dose in 24 hours.</p>',
    modalTxt: 'How sildenafil works, how to take it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    channels: CHANNELS,
    images: productImages('sildenafil', {
      main: 'Sildenafil tablets box with a blister strip of eight tablets',
      carousel: [
        'Blister strip of sildenafil tablets in front of the box',
        'A tablet, a glass of water and a clock: take sildenafil about an hour before sex',
      ],
    }),
    attributes: [
      planName('Sildenafil treatment plan'),
      quote(
        'Erectile dysfunction is common and very treatable, and it can sometimes be an early sign of a heart or circulation problem. That is why we ask about your wider health before prescribing, and why we may suggest you also see your GP.',
      ),
      backgroundColour('#e7edf3'),
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Sildenafil is a PDE5 inhibitor. It relaxes the blood vessels in the penis so that more blood can flow in when you are aroused. It does not cause an erection on its own and does not increase sex drive.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to take it',
        '<ul>' +
          '<li>Swallow one tablet with water about an hour before sex.</li>' +
          '<li>A heavy or fatty meal can slow it down, so it may take longer to work.</li>' +
          '<li>Take no more than one tablet in 24 hours, and avoid drinking a lot of alcohol.</li>' +
          '<li>Give it a few tries: it can take several attempts to find what works for you.</li>' +
          '</ul>',
      ),
      infoSection(
        'side_effects',
        'Side effects',
        '<p>Common side effects include headache, flushing, indigestion, a blocked or runny nose, dizziness and changes to vision, such as a blue tinge. They are usually mild and short-lived.</p>' +
          '<p><strong>Get urgent medical help</strong> if you have chest pain, sudden loss of vision or hearing, or an erection that lasts longer than four hours.</p>',
      ),
      infoSection('who_it_is_not_for', 'Who it is not for', PDE5_NOT_FOR),
    ],
    variants: [
      { code: 'SILDENAFIL-25MG-8', name: '25 mg × 8 tablets', dosage: '25 mg', quantityPerMonth: 8, quantityPerMonthType: 'tablet', prices: { 30: 1799, 90: 4797, 1: 1999 } },
      { code: 'SILDENAFIL-50MG-8', name: '50 mg × 8 tablets', dosage: '50 mg', quantityPerMonth: 8, quantityPerMonthType: 'tablet', prices: { 30: 2199, 90: 5997, 1: 2399 } },
      { code: 'SILDENAFIL-100MG-8', name: '100 mg × 8 tablets', dosage: '100 mg', quantityPerMonth: 8, quantityPerMonthType: 'tablet', prices: { 30: 2699, 90: 7497, 1: 2999 } },
      // A first try of four tablets; the free-trial promotion takes its £5 off, so it costs nothing.
      { code: 'SILDENAFIL-50MG-4-TRIAL', name: '50 mg × 4 tablets (free trial)', dosage: '50 mg trial', quantityPerMonth: 4, quantityPerMonthType: 'tablet', prices: { 1: 500 } },
    ],
  },
  {
    code: 'TADALAFIL',
    slug: 'tadalafil',
    name: 'Tadalafil',
    category: 'erectile-dysfunction',
    description:
      '<p><strong>Tadalafil</strong> is a tablet for erectile dysfunction, the same medicine as Cialis. It can work for up to 36 hours, so you do not need to plan sex so closely around a tablet.</p>' +
      '<ul>' +
      '<li><strong>On demand:</strong> 10 mg or 20 mg, taken at least 30 minutes before sex</li>' +
      '<li><strong>Daily:</strong> 5 mg, taken once a day at the same time, for men who have sex often</li>' +
      '<li>Prescribed after a clinician has reviewed your health questionnaire; delivered in plain packaging</li>' +
      '</ul>',
    shortDescription: 'Erectile dysfunction tablet that works for up to 36 hours, on demand or daily.',
    expandedInfo:
      '<p>Most men start on 10 mg on demand. Your clinician may suggest 20 mg if 10 mg has not worked well enough, or a daily 5 mg tablet if you expect to have sex twice a week or more. Do not take more than one tablet a day.</p>',
    modalTxt: 'How tadalafil works, how to take it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    channels: CHANNELS,
    images: productImages('tadalafil', {
      main: 'Tadalafil tablets box with a blister strip of tablets',
      carousel: [
        'Blister strip of tadalafil tablets in front of the box',
        'A tablet, a glass of water and a clock: take tadalafil at least 30 minutes before sex, or once daily',
      ],
    }),
    attributes: [
      planName('Tadalafil treatment plan'),
      quote(
        'Tadalafil lasts longer than sildenafil, which many men find makes sex feel less planned. Whichever treatment you choose, never take it with nitrate medicines such as a GTN spray, and tell us if your health or medicines change.',
      ),
      backgroundColour('#f3ebe2'),
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Tadalafil is a PDE5 inhibitor. It relaxes the blood vessels in the penis so that more blood can flow in when you are aroused. It does not cause an erection on its own and does not increase sex drive.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to take it',
        '<ul>' +
          '<li>On demand: swallow one tablet with water at least 30 minutes before sex. It can keep working for up to 36 hours.</li>' +
          '<li>Daily: take one 5 mg tablet at about the same time every day, whether or not you plan to have sex.</li>' +
          '<li>You can take it with or without food. Take no more than one tablet a day and avoid drinking a lot of alcohol.</li>' +
          '</ul>',
      ),
      infoSection(
        'side_effects',
        'Side effects',
        '<p>Common side effects include headache, indigestion, back pain, muscle aches, flushing and a blocked nose. They are usually mild and ease as your body gets used to the medicine.</p>' +
          '<p><strong>Get urgent medical help</strong> if you have chest pain, sudden loss of vision or hearing, or an erection that lasts longer than four hours.</p>',
      ),
      infoSection('who_it_is_not_for', 'Who it is not for', PDE5_NOT_FOR),
    ],
    variants: [
      { code: 'TADALAFIL-10MG-8', name: '10 mg × 8 tablets (on demand)', dosage: '10 mg', quantityPerMonth: 8, quantityPerMonthType: 'tablet', prices: { 30: 2699, 90: 7497, 1: 2999 } },
      { code: 'TADALAFIL-20MG-8', name: '20 mg × 8 tablets (on demand)', dosage: '20 mg', quantityPerMonth: 8, quantityPerMonthType: 'tablet', prices: { 30: 3199, 90: 8997, 1: 3499 } },
      { code: 'TADALAFIL-DAILY-5MG-28', name: '5 mg × 28 tablets (daily)', dosage: '5 mg', quantityPerMonth: 28, quantityPerMonthType: 'tablet', prices: { 30: 3599, 90: 9897, 1: 3999 } },
    ],
  },

  // ——— Hair loss ———
  {
    code: 'FINASTERIDE',
    slug: 'finasteride',
    name: 'Finasteride',
    category: 'hair-loss',
    description:
      `<p><strong>Finasteride 1 mg</strong> is a daily tablet for male pattern hair loss in men aged ${FINASTERIDE_AGES.min} to ${FINASTERIDE_AGES.max}. It can slow hair loss and, for some men, help hair regrow on the crown and middle of the scalp.</p>` +
      '<ul>' +
      '<li>One tablet a day, every day</li>' +
      '<li>Results take three to six months to show, and up to a year</li>' +
      '<li>For men only; prescribed after a clinician has reviewed your health questionnaire</li>' +
      '</ul>',
    shortDescription: 'Daily 1 mg tablet for male pattern hair loss. For men only.',
    expandedInfo:
      '<p>Finasteride only works for as long as you take it. If you stop, any hair you have kept or regrown is likely to be lost within about a year.</p>' +
      '<p>Finasteride can lower the result of a PSA blood test used to check the prostate. If you have one, tell the doctor or nurse that you take finasteride.</p>',
    modalTxt: 'How finasteride works, how to take it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: true,
    channels: CHANNELS,
    images: productImages('finasteride', {
      main: 'Finasteride 1 mg box of 28 tablets with a blister strip',
      carousel: [
        'Blister strip of finasteride tablets in front of the box',
        'A tablet and a glass of water: take one finasteride tablet a day',
      ],
    }),
    attributes: [
      planName('Hair loss treatment plan'),
      quote(
        'Finasteride works slowly. Give it at least three to six months before judging the results, and tell us straight away if you notice any change in your mood or in your sexual function, so that we can talk it through with you.',
      ),
      backgroundColour('#ecefe4'),
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Male pattern hair loss is driven by a hormone called DHT, which gradually shrinks hair follicles. Finasteride lowers the amount of DHT in the scalp, which slows this process.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to take it',
        '<ul>' +
          '<li>Swallow one tablet a day with water, with or without food.</li>' +
          '<li>If you miss a tablet, skip it and take the next one as usual. Do not take two at once.</li>' +
          '<li>Women who are or may become pregnant must not handle crushed or broken tablets.</li>' +
          '</ul>',
      ),
      infoSection(
        'side_effects',
        'Side effects',
        '<p>Most men have no side effects. Uncommon side effects include a lower sex drive, difficulty getting an erection, less semen and breast tenderness or swelling.</p>' +
          '<p>Finasteride has been linked to low mood, depression and, rarely, suicidal thoughts. <strong>Stop taking it and contact us or your GP straight away</strong> if you notice changes in your mood. Sexual side effects can occasionally continue after stopping.</p>',
      ),
      infoSection(
        'who_it_is_not_for',
        'Who it is not for',
        '<ul>' +
          `<li>Women, anyone under ${FINASTERIDE_AGES.min}, and men over ${FINASTERIDE_AGES.max}</li>` +
          '<li>Men with a history of depression, or prostate or liver problems, unless a clinician advises otherwise</li>' +
          '<li>Men trying for a baby should discuss it with a clinician first</li>' +
          '</ul>',
      ),
    ],
    variants: [
      { code: 'FINASTERIDE-1MG-28', name: '1 mg × 28 tablets', dosage: '1 mg', quantityPerMonth: 28, quantityPerMonthType: 'tablet', prices: { 30: 1999, 90: 5397, 1: 2499 } },
    ],
  },
  {
    code: 'MINOXIDIL',
    slug: 'minoxidil',
    name: 'Minoxidil 5% solution',
    category: 'hair-loss',
    description:
      '<p><strong>Minoxidil 5%</strong> is a scalp solution for hereditary hair loss in men aged 18 to 65. Applied twice a day, it can help slow hair loss and regrow hair on the crown.</p>' +
      '<ul>' +
      '<li>1 ml to a dry scalp, morning and evening</li>' +
      '<li>Can be used on its own or alongside finasteride</li>' +
      '<li>A pharmacy medicine: our pharmacist checks your answers before it is sent</li>' +
      '</ul>',
    shortDescription: 'Twice-daily 5% scalp solution for hereditary hair loss in men. 60 ml, one month’s supply.',
    expandedInfo:
      '<p>It usually takes two to four months of twice-daily use before you see a difference. Minoxidil only works while you use it: if you stop, new hair is likely to be lost within a few months.</p>',
    modalTxt: 'How minoxidil works, how to apply it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: false,
    channels: CHANNELS,
    images: productImages('minoxidil', {
      main: 'Minoxidil 5% scalp solution, 60 ml bottle with a dropper',
      carousel: [
        'Back of the minoxidil bottle showing the directions label',
        'Applying minoxidil with a dropper to a dry scalp, twice a day',
      ],
    }),
    attributes: [
      planName('Hair loss treatment plan'),
      quote(
        'Minoxidil needs to be used every day to keep working. Some extra shedding in the first few weeks is common and usually settles, so try to keep going and let us know if you are unsure.',
      ),
      backgroundColour('#f5eedb'),
      infoSection(
        'how_it_works',
        'How it works',
        '<p>Minoxidil improves blood flow to the hair follicles and lengthens the growing phase of the hair cycle, so hairs can grow thicker and for longer.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul>' +
          '<li>Apply 1 ml to a dry scalp twice a day, starting in the centre of the thinning area, and spread it with your fingertips.</li>' +
          '<li>Wash your hands afterwards and let it dry for at least four hours before washing your hair.</li>' +
          '<li>Do not use more than 2 ml a day; using more will not work better.</li>' +
          '<li>The solution contains alcohol and is flammable: keep it away from flames, and do not smoke until your scalp is dry.</li>' +
          '</ul>',
      ),
      infoSection(
        'side_effects',
        'Side effects',
        '<p>The most common side effects are itching, dryness, flaking or redness of the scalp, and unwanted hair growth on the face if the solution spreads. Extra shedding in the first few weeks is common.</p>' +
          '<p><strong>Stop using it and get medical advice</strong> if you have chest pain, a fast heartbeat, dizziness or faintness, or sudden unexplained weight gain or swollen hands or feet.</p>',
      ),
      infoSection(
        'who_it_is_not_for',
        'Who it is not for',
        '<ul>' +
          '<li>Women (this 5% solution is licensed for men only) and anyone under 18 or over 65</li>' +
          '<li>Sudden or patchy hair loss, or hair loss after childbirth or with no family history: please see your GP</li>' +
          '<li>People with heart problems or high blood pressure, unless a doctor advises it</li>' +
          '<li>A scalp that is sunburnt, inflamed or broken</li>' +
          '</ul>',
      ),
    ],
    variants: [
      { code: 'MINOXIDIL-5PCT-60ML', name: '5% solution, 60 ml', dosage: '5%', quantityPerMonth: 1, quantityPerMonthType: 'bottle', prices: { 30: 1699, 90: 4497, 1: 1999 } },
    ],
  },
  {
    code: 'MINOXIDIL-WOMEN-2',
    slug: 'minoxidil-2-solution',
    name: 'Minoxidil 2% solution for women',
    category: 'hair-loss',
    description:
      '<p><strong>Minoxidil 2%</strong> is a scalp solution licensed for hereditary hair thinning in women aged 18 to 65. Applied twice a day, it can slow hair loss and help hair regrow.</p>' +
      '<ul>' +
      '<li>1 ml to a dry scalp, morning and evening</li>' +
      '<li>A pharmacy medicine: our pharmacist checks your answers before it is sent</li>' +
      '</ul>',
    shortDescription: 'Twice-daily 2% scalp solution for hereditary hair thinning in women. 60 ml, one month’s supply.',
    expandedInfo:
      '<p>It usually takes four months of twice-daily use before you see a difference. Minoxidil only works while you use it: if you stop, new hair is likely to be lost within a few months.</p>',
    modalTxt: 'How minoxidil works for women, how to apply it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: false,
    channels: CHANNELS,
    images: productImages('minoxidil-2-solution', {
      main: 'Minoxidil 2% scalp solution for women, 60 ml bottle with a dropper',
      carousel: ['Back of the minoxidil bottle showing the directions label', 'Applying minoxidil with a dropper to a dry scalp, twice a day'],
    }),
    attributes: [
      planName('Hair loss treatment plan'),
      quote('For women, the 2% solution or the 5% foam are the licensed strengths. Some extra shedding in the first weeks is common and usually settles.'),
      backgroundColour('#f5eedb'),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul><li>Apply 1 ml to a dry scalp twice a day and spread it with your fingertips.</li><li>Do not use more than 2 ml a day.</li><li>Wash your hands afterwards.</li></ul>',
      ),
      infoSection(
        'who_it_is_not_for',
        'Who it is not for',
        '<ul><li>Anyone under 18 or over 65, or pregnant or breastfeeding</li><li>Sudden or patchy hair loss, or hair loss after childbirth: please see your GP</li><li>People with heart problems or high or low blood pressure, unless a doctor advises it</li><li>A scalp that is sunburnt, inflamed or broken</li></ul>',
      ),
    ],
    variants: [
      { code: 'MINOXIDIL-2PCT-60ML', name: '2% solution, 60 ml', dosage: '2%', quantityPerMonth: 1, quantityPerMonthType: 'bottle', prices: { 30: 1599, 90: 4197, 1: 1899 } },
    ],
  },
  {
    code: 'MINOXIDIL-FOAM-5',
    slug: 'minoxidil-5-foam',
    name: 'Minoxidil 5% foam for women',
    category: 'hair-loss',
    description:
      '<p><strong>Minoxidil 5% foam</strong> is licensed for hereditary hair thinning in women aged 18 to 65. Used once a day, it can slow hair loss and help hair regrow.</p>' +
      '<ul>' +
      '<li>Half a capful to a dry scalp, once a day</li>' +
      '<li>A pharmacy medicine: our pharmacist checks your answers before it is sent</li>' +
      '</ul>',
    shortDescription: 'Once-daily 5% scalp foam for hereditary hair thinning in women. 60 g, one month’s supply.',
    expandedInfo: '<p>It usually takes three to six months of daily use before you see a difference, and it only works while you use it.</p>',
    modalTxt: 'How minoxidil foam works, how to apply it, possible side effects and who it is not suitable for.',
    isPrescriptionOnly: false,
    channels: CHANNELS,
    images: productImages('minoxidil-5-foam', {
      main: 'Minoxidil 5% scalp foam for women, 60 g can',
      carousel: ['Back of the minoxidil can showing the directions label', 'Applying minoxidil foam with the fingertips to a dry scalp, once a day'],
    }),
    attributes: [
      planName('Hair loss treatment plan'),
      quote('Once a day suits many women better than a twice-daily solution. Some extra shedding in the first weeks is common and usually settles.'),
      backgroundColour('#f5eedb'),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul><li>Apply half a capful of foam to a dry scalp once a day, spreading it over the thinning area.</li><li>Wash your hands afterwards.</li><li>The foam is flammable: keep it away from flames until your scalp is dry.</li></ul>',
      ),
      infoSection(
        'who_it_is_not_for',
        'Who it is not for',
        '<ul><li>Anyone under 18 or over 65, or pregnant or breastfeeding</li><li>Sudden or patchy hair loss, or hair loss after childbirth: please see your GP</li><li>People with heart problems or high or low blood pressure, unless a doctor advises it</li><li>A scalp that is sunburnt, inflamed or broken</li></ul>',
      ),
    ],
    variants: [
      { code: 'MINOXIDIL-5PCT-FOAM-60G', name: '5% foam, 60 g', dosage: '5%', quantityPerMonth: 1, quantityPerMonthType: 'can', prices: { 30: 2199, 90: 5997, 1: 2499 } },
    ],
  },
  {
    code: 'POWER-SHAMPOO',
    slug: 'power-shampoo',
    name: 'Power Shampoo',
    category: 'hair-loss',
    description:
      '<p><strong>Power Shampoo</strong> is a daily caffeine shampoo that gently cleanses the scalp and leaves hair looking fuller and thicker.</p>' +
      '<ul>' +
      '<li>With caffeine, zinc and niacinamide</li>' +
      '<li>Gentle enough to use every day</li>' +
      '<li>A cosmetic, not a medicine: it does not treat hair loss on its own, but sits well alongside finasteride or minoxidil</li>' +
      '</ul>',
    shortDescription: 'Daily caffeine shampoo for fuller-looking hair. 250 ml, a cosmetic, not a medicine.',
    expandedInfo:
      '<p>Suitable for all hair types. If you use minoxidil, wash your hair with Power Shampoo first and apply minoxidil once your scalp is completely dry.</p>',
    modalTxt: 'What is in Power Shampoo and how to use it.',
    isPrescriptionOnly: false,
    quickShip: true,
    channels: CHANNELS,
    images: productImages('power-shampoo', {
      main: 'Power Shampoo caffeine shampoo, 250 ml bottle with a flip cap',
      carousel: [
        'Back of the Power Shampoo bottle showing the ingredients label',
        'Power Shampoo lathered into the scalp: massage in, leave for two minutes, then rinse',
      ],
    }),
    attributes: [
      quote(
        'A caffeine shampoo is a cosmetic, not a treatment. It can help thinning hair look fuller, and it fits easily into a routine alongside finasteride or minoxidil if a clinician has recommended them.',
      ),
      backgroundColour('#e4efed'),
      infoSection(
        'how_to_use',
        'How to use it',
        '<ul>' +
          '<li>Massage into wet hair and scalp, and leave for about two minutes.</li>' +
          '<li>Rinse thoroughly. Use as often as you like.</li>' +
          '<li>Avoid contact with the eyes; if it gets in them, rinse well with water.</li>' +
          '</ul>',
      ),
      infoSection(
        'ingredients',
        'Key ingredients',
        '<ul>' +
          '<li><strong>Caffeine</strong>, a familiar ingredient in scalp care</li>' +
          '<li><strong>Zinc PCA</strong>, to help keep the scalp clean and balanced</li>' +
          '<li><strong>Niacinamide</strong> (vitamin B3), to condition the scalp</li>' +
          '</ul>' +
          '<p>The full ingredients list is printed on the bottle. Stop using it if your scalp becomes irritated.</p>',
      ),
    ],
    variants: [
      { code: 'POWER-SHAMPOO-250ML', name: '250 ml bottle', dosage: '250 ml', quantityPerMonth: 1, quantityPerMonthType: 'bottle', prices: { 30: 1299, 90: 3597, 1: 1499 } },
    ],
  },

  // ——— Supplements ———
  {
    code: 'DAILY-MULTIVITAMIN',
    slug: 'daily-multivitamin',
    name: 'Daily Multivitamin',
    category: 'supplements',
    description:
      '<p><strong>Daily Multivitamin</strong> is a once-a-day tablet with 22 vitamins and minerals, made for people who are eating less on a GLP-1 weight-loss programme.</p>' +
      '<ul>' +
      '<li>Vitamin D, B12, iron and zinc, which can be harder to get enough of on smaller portions</li>' +
      '<li>One small tablet a day with food</li>' +
      '<li>Vegetarian; 30 tablets, a month’s supply</li>' +
      '</ul>',
    shortDescription: 'Once-a-day multivitamin and mineral tablet for people on a GLP-1 programme. 30 tablets.',
    expandedInfo:
      '<p>Food supplements should not be used as a substitute for a varied, balanced diet and a healthy lifestyle. Do not take more than the recommended daily amount. If you are pregnant, breastfeeding or take any medicine, speak to a pharmacist or doctor before using it.</p>',
    modalTxt: 'Why a multivitamin can help on a weight-loss programme, how to take it and what is in it.',
    isPrescriptionOnly: false,
    quickShip: true,
    channels: CHANNELS,
    images: productImages('daily-multivitamin', {
      main: 'Daily Multivitamin tub of 30 tablets',
      carousel: [
        'Back of the Daily Multivitamin tub showing the nutrition label',
        'One multivitamin tablet with breakfast and a glass of water',
      ],
    }),
    attributes: [
      quote(
        'When you are eating less on a GLP-1 medicine, it can be harder to get enough vitamins and minerals from food alone. A daily multivitamin is a simple safety net, but it does not replace balanced meals with enough protein.',
      ),
      backgroundColour('#f7efd6'),
      {
        code: 'nutritional_info',
        name: 'Nutritional information',
        value: {
          serving_size: '1 tablet',
          table: [
            { name: 'Vitamin A', amount: '800 µg', nrv: '100%' },
            { name: 'Vitamin D3', amount: '10 µg', nrv: '200%' },
            { name: 'Vitamin E', amount: '12 mg', nrv: '100%' },
            { name: 'Vitamin K', amount: '75 µg', nrv: '100%' },
            { name: 'Vitamin C', amount: '80 mg', nrv: '100%' },
            { name: 'Thiamin (vitamin B1)', amount: '1.1 mg', nrv: '100%' },
            { name: 'Riboflavin (vitamin B2)', amount: '1.4 mg', nrv: '100%' },
            { name: 'Niacin (vitamin B3)', amount: '16 mg', nrv: '100%' },
            { name: 'Vitamin B6', amount: '1.4 mg', nrv: '100%' },
            { name: 'Folic acid', amount: '200 µg', nrv: '100%' },
            { name: 'Vitamin B12', amount: '25 µg', nrv: '1000%' },
            { name: 'Biotin', amount: '50 µg', nrv: '100%' },
            { name: 'Pantothenic acid', amount: '6 mg', nrv: '100%' },
            { name: 'Calcium', amount: '160 mg', nrv: '20%' },
            { name: 'Magnesium', amount: '75 mg', nrv: '20%' },
            { name: 'Iron', amount: '14 mg', nrv: '100%' },
            { name: 'Zinc', amount: '10 mg', nrv: '100%' },
            { name: 'Copper', amount: '1 mg', nrv: '100%' },
            { name: 'Manganese', amount: '2 mg', nrv: '100%' },
            { name: 'Selenium', amount: '55 µg', nrv: '100%' },
            { name: 'Chromium', amount: '40 µg', nrv: '100%' },
            { name: 'Iodine', amount: '150 µg', nrv: '100%' },
            { name: 'Choline', amount: '25 mg', nrv: null },
            { name: 'Lutein', amount: '2 mg', nrv: null },
          ],
        },
        tags: [],
      },
      infoSection(
        'why_take_it',
        'Why take it',
        '<p>GLP-1 medicines such as Wegovy and Mounjaro reduce appetite, so most people eat noticeably less. Smaller portions can mean less of some vitamins and minerals, particularly vitamin D, vitamin B12, iron and zinc. A daily multivitamin helps fill those gaps.</p>',
      ),
      infoSection(
        'how_to_use',
        'How to take it',
        '<ul>' +
          '<li>Swallow one tablet a day with water, ideally with a meal.</li>' +
          '<li>Do not take more than one tablet a day, and check with a pharmacist before combining it with other supplements.</li>' +
          '<li>Contains iron, which can be harmful to young children if too much is swallowed. Keep out of the reach and sight of children.</li>' +
          '</ul>',
      ),
      infoSection(
        'ingredients',
        'Ingredients',
        '<p>Bulking agent (microcrystalline cellulose), calcium carbonate, magnesium oxide, vitamin C, ferrous fumarate, niacin, zinc citrate, vitamin E, choline bitartrate, pantothenic acid, anti-caking agent (magnesium stearate), manganese sulphate, lutein, vitamin B6, riboflavin, thiamin, copper gluconate, vitamin A, folic acid, chromium picolinate, potassium iodide, sodium selenite, vitamin K, biotin, vitamin D3, vitamin B12; tablet coating (hydroxypropyl methylcellulose).</p>' +
          '<p>No allergens. Suitable for vegetarians.</p>',
      ),
    ],
    variants: [
      { code: 'DAILY-MULTIVITAMIN-30', name: '30 tablets', dosage: '1 tablet a day', quantityPerMonth: 30, quantityPerMonthType: 'tablet', prices: { 30: 999, 90: 2697, 1: 1299 } },
    ],
  },
];
