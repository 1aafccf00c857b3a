/** The words and pictures of each consultation's recommendations page. */
export interface ProgrammeContent {
  heading: string;
  guaranteeLink: string;
  planHeading: string;
  planDescription: string;
  howItWorks: { step: string; detail: string }[];
  persona: { title: string; text: string };
  /** Out-of-stock treatments still shown (so patients can ask to hear when they return). */
  alsoShow: string[];
  /** Codes of the review SKU group whose rating shows (none: the default rating). */
  reviewGroup: string | null;
  faq: { id: string; title: string; text: string }[];
  testimonials: { name: string; age: number; text: string; before: string; after: string }[];
  showAppClaim: boolean;
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
  },
  {
    id: 'cancel',
    title: 'Can I pause or cancel?',
    text: 'Yes. Monthly plans can be cancelled at any time from your account; quarterly plans renew or end after each three months.',
  },
];

export const PROGRAMMES: Record<string, ProgrammeContent> = {
  'weight-loss': {
    heading: 'Your weight loss programme',
    guaranteeLink: '/pages/guarantee',
    planHeading: 'Medical weight loss plan',
    planDescription: 'A weekly injection prescribed by our clinicians, with a dose that rises gently over the first months, plus coaching and check-ins.',
    howItWorks: [
      { step: 'Weeks 1 to 4', detail: 'Start on the lowest dose so your body can adjust.' },
      { step: 'Month 2 onwards', detail: 'Your prescriber increases the dose monthly if it suits you.' },
      { step: 'Every month', detail: 'A short check-in about your weight and any side effects.' },
    ],
    persona: {
      title: 'Made for people like you',
      text: 'Our patients are usually busy adults who have tried diets before. The plan fits around work and family, with a clinician one message away.',
    },
    alsoShow: ['OZEMPIC'],
    reviewGroup: null,
    faq: [
      { id: 'side-effects', title: 'What side effects might I have?', text: 'Feeling sick, constipation or diarrhoea are common at first and usually settle as your body adjusts. Our clinicians will help you manage them.' },
      ...sharedFaq,
    ],
    testimonials: [
      { name: 'Claire', age: 44, text: 'The check-ins kept me going. I have more energy than I have had in years.', before: '15 st 2 lb', after: '12 st 9 lb' },
      { name: 'Daniel', age: 51, text: 'Simple to start and the clinicians answered every question quickly.', before: '112 kg', after: '96 kg' },
      { name: 'Priya', age: 38, text: 'Being able to message a clinician made all the difference.', before: '14 st 6 lb', after: '12 st 4 lb' },
    ],
    showAppClaim: true,
  },
  'erectile-dysfunction': {
    heading: 'Your erectile dysfunction treatment',
    guaranteeLink: '/pages/ed-money-back-guarantee',
    planHeading: 'Discreet, clinician-approved treatment',
    planDescription: 'Licensed tablets taken when you need them (or daily), prescribed after our clinicians review your answers.',
    howItWorks: [
      { step: 'Today', detail: 'Choose a treatment and dose; a prescriber reviews your consultation.' },
      { step: '1 to 2 days', detail: 'Your tablets arrive in plain packaging.' },
      { step: 'Any time', detail: 'Message our clinicians if you want to change your dose or treatment.' },
    ],
    persona: { title: 'You are not alone', text: 'Around half of men over 40 have erection problems at some point. Treatment works for most of them.' },
    alsoShow: [],
    reviewGroup: 'sildenafil',
    faq: sharedFaq,
    testimonials: [],
    showAppClaim: false,
  },
  'hair-loss': {
    heading: 'Your hair loss treatment',
    guaranteeLink: '/pages/guarantee',
    planHeading: 'Clinically proven hair loss treatment',
    planDescription: 'Treatments that slow hair loss and help regrowth, with progress photos checked by our clinicians.',
    howItWorks: [
      { step: 'Months 1 to 3', detail: 'Treatment starts working under the scalp; shedding can briefly increase.' },
      { step: 'Months 3 to 6', detail: 'Most people notice less hair loss.' },
      { step: 'Month 6 onwards', detail: 'Regrowth becomes visible for many patients.' },
    ],
    persona: { title: 'Start early', text: 'Treatment works best when started early, while the hair follicles are still active.' },
    alsoShow: [],
    reviewGroup: 'hair',
    faq: sharedFaq,
    testimonials: [],
    showAppClaim: false,
  },
};

export const MEDICAL_DIRECTOR = {
  name: 'Dr Helen Marsh',
  title: 'Medical Director, GMC-registered',
  initials: 'HM',
  quote: 'Every treatment we offer is prescribed by a clinician who has read your consultation. If it is not right for you, we will say so.',
};
