/** The words and pictures of each consultation's recommendations page. */
export interface ProgrammeContent {
  heading: string;
  /** The money-back line under the heading (SPEC §1: 180 days; the ED guarantee covers sildenafil and tadalafil only). */
  guarantee: string;
  guaranteeLink: string;
  planHeading: string;
  planDescription: string;
  /** A step whose words give a figure (a dose, a time) carries its source, which the page shows beside it. */
  howItWorks: { step: string; detail: string; source?: string }[];
  /** A figure shown to patients carries its source (`source`), which the page shows under it. */
  persona: { title: string; text: string; source?: string };
  /**
   * Every treatment this consultation can recommend: fetched alongside the consultation rather than after
   * it, so the page waits for one round trip instead of two.
   */
  catalogue: string[];
  /** Out-of-stock treatments still shown (so patients can ask to hear when they return). */
  alsoShow: string[];
  /** Products bought without a consultation offered beside the treatment ('Add to basket'). */
  supplements: string[];
  /** An answer that gives a figure carries its source (the medicine's leaflet, or the shop's own terms). */
  faq: { id: string; title: string; text: string; source?: string }[];
  testimonials: Testimonial[];
  /** Titrating treatments (weight-loss injections) show the dosage per month table. */
  showDosageTable: boolean;
}

/**
 * A patient story (SPEC §3 Testimonial). It speaks of the service, never of a medicine's results, and carries no
 * before-and-after picture: the page names prescription-only medicines (Human Medicines Regulations 2012 reg 284;
 * ASA enforcement notice on weight-loss POMs, 2025).
 */
export interface Testimonial {
  name: string;
  age: number;
  text: string;
  pictures: { before: TestimonialPicture; after: TestimonialPicture } | null;
}

interface TestimonialPicture {
  src: string;
  /** Shown on the picture: 'Before · 15 st 2 lb'. */
  label: string;
}



const sharedFaq = [
  {
    id: 'review',
    title: 'Who checks my consultation?',
    text: 'A UK-registered prescriber reviews every consultation before anything is dispensed. If they need to know more, they will message you; your card is only charged once they approve your treatment.',
  },
  {
    id: 'delivery',
    title: 'How is my treatment delivered?',
    text: 'Free tracked delivery in plain, unbranded packaging, usually one to two working days after approval.',
    source: 'Our terms of sale: delivery',
  },
  {
    id: 'cancel',
    title: 'Can I cancel?',
    text: 'Yes. In your account you can pause, skip a delivery or cancel a monthly plan at any time; changes made up to 48 hours before a payment apply to that delivery. Quarterly plans renew or end after each three months.',
    source: 'Our terms of sale: plans and cancellation',
  },
];

export const PROGRAMMES: Record<string, ProgrammeContent> = {
  'weight-loss': {
    heading: 'Your weight loss programme',
    guarantee: 'Not for you? Our 180-day money-back guarantee has you covered.',
    guaranteeLink: '/pages/guarantee',
    planHeading: 'Medical weight loss plan',
    planDescription: 'A weekly injection prescribed by our clinicians, with a dose that rises gently over the first months, plus coaching and check-ins.',
    howItWorks: [
      { step: 'Weeks 1 to 4', detail: 'Start on the lowest dose so your body can adjust.', source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2' },
      { step: 'Month 2 onwards', detail: 'Your prescriber increases the dose monthly if it suits you.', source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2' },
      { step: 'Every month', detail: 'A short check-in about your weight and any side effects.' },
    ],
    persona: {
      title: 'Made for people like you',
      text: 'Our patients are usually busy adults who have tried diets before. The plan fits around work and family, with a clinician one message away.',
    },
    // Ozempic is licensed for type 2 diabetes, not weight management: it is not part of this programme.
    catalogue: ['WEGOVY', 'MOUNJARO'],
    alsoShow: [],
    supplements: ['DAILY-MULTIVITAMIN'],
    faq: [
      { id: 'side-effects', title: 'What side effects might I have?', text: 'Feeling sick, constipation or diarrhoea are common at first and usually settle as your body adjusts. Our clinicians will help you manage them.' },
      ...sharedFaq,
    ],
    testimonials: [
      { name: 'Claire', age: 44, text: 'The monthly check-ins were quick, and someone always got back to me the same day.', pictures: null },
      { name: 'Daniel', age: 51, text: 'Simple to start and the clinicians answered every question quickly.', pictures: null },
      { name: 'Priya', age: 38, text: 'Being able to message a clinician made all the difference.', pictures: null },
    ],
    showDosageTable: true,
  },
  'erectile-dysfunction': {
    heading: 'Your erectile dysfunction treatment',
    guarantee: 'Not for you? Our 180-day money-back guarantee covers sildenafil and tadalafil orders.',
    guaranteeLink: '/pages/ed-money-back-guarantee',
    planHeading: 'Discreet, clinician-approved treatment',
    planDescription: 'Licensed tablets taken when you need them (or daily), prescribed after our clinicians review your answers.',
    howItWorks: [
      { step: 'Today', detail: 'Choose a treatment and dose; a prescriber reviews your consultation.' },
      { step: '1 to 2 days', detail: 'Your tablets arrive in plain packaging.', source: 'Our terms of sale: delivery' },
      { step: 'Any time', detail: 'Message our clinicians if you want to change your dose or treatment.' },
    ],
    persona: {
      title: 'You are not alone',
      text: 'About half of men aged 40 to 70 have some degree of erection problems. It is common, and a prescriber can talk you through the options.',
      source: 'Feldman HA et al. Impotence and its medical and psychosocial correlates: the Massachusetts Male Aging Study. J Urol 1994;151:54–61',
    },
    catalogue: ['SILDENAFIL', 'TADALAFIL'],
    alsoShow: [],
    supplements: [],
    faq: [
      {
        id: 'which',
        title: 'Sildenafil or tadalafil?',
        text: 'Sildenafil works for about four hours and suits planned occasions. Tadalafil lasts up to 36 hours, or can be taken daily. Our prescribers will check the one you choose suits you.',
        source: 'Sildenafil (Viagra) patient information leaflet, section 3; Tadalafil (Cialis) patient information leaflet, section 3',
      },
      ...sharedFaq,
    ],
    testimonials: [
      { name: 'Mark', age: 52, text: 'Easier than seeing my GP about it, and the parcel really was plain.', pictures: null },
      { name: 'James', age: 46, text: 'The prescriber explained the doses clearly, and I could ask questions any time.', pictures: null },
    ],
    showDosageTable: false,
  },
  'hair-loss': {
    heading: 'Your hair loss treatment',
    guarantee: 'Not for you? Our 180-day money-back guarantee has you covered.',
    guaranteeLink: '/pages/guarantee',
    planHeading: 'Hair loss treatment, reviewed by our clinicians',
    planDescription: 'Licensed treatments for hereditary hair loss, with progress photos checked by our clinicians.',
    howItWorks: [
      { step: 'Today', detail: 'Answer a few questions; a prescriber or pharmacist checks the treatment suits you.' },
      { step: 'Months 1 to 6', detail: 'Use it every day as the leaflet says: any effect takes months to show, and some extra shedding at first is common.', source: 'Finasteride 1 mg patient information leaflet, section 3; Regaine patient information leaflets, sections 3 and 4' },
      { step: 'Every few months', detail: 'Send progress photos so our clinicians can check how it is going with you.' },
    ],
    persona: { title: 'Start early', text: 'Treatment works best when started early, while the hair follicles are still active.' },
    catalogue: ['FINASTERIDE', 'MINOXIDIL', 'MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5', 'POWER-SHAMPOO'],
    alsoShow: [],
    supplements: [],
    faq: [
      {
        id: 'how-long',
        title: 'How long until I see results?',
        text: 'The leaflets say it takes three to six months of daily use before any effect can show, and the effect lasts only while you keep using the treatment.',
        source: 'Finasteride 1 mg patient information leaflet, section 3; Regaine patient information leaflets, section 3',
      },
      ...sharedFaq,
    ],
    testimonials: [
      { name: 'Tom', age: 31, text: 'The consultation took five minutes and the prescriber explained everything clearly.', pictures: null },
      { name: 'Ravi', age: 36, text: 'Discreet delivery, and easy to ask a question whenever I had one.', pictures: null },
    ],
    showDosageTable: false,
  },
};

export const MEDICAL_DIRECTOR = {
  title: 'Medical Director',
  quote: 'Every treatment we offer is prescribed by a clinician who has read your consultation. If it is not right for you, we will say so.',
};

/** The products the page shows whatever the consultation says: its treatments and the supplements beside them, in one request. */
export function programmeProductCodes(content: Pick<ProgrammeContent, 'catalogue' | 'supplements'>): string[] {
  return [...content.catalogue, ...content.supplements];
}
