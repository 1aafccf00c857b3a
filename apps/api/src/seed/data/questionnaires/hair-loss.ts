import type { QuestionnaireInput } from '@elmwood/domain';

const ticked = (question: string, value: string) => ({ in: [value, { var: `answers.${question}` }] });
const answered = (question: string, value: string) => ({ '==': [{ var: `answers.${question}` }, value] });
const noneTicked = (question: string, values: string[]) => ({
  '!': { some: [{ var: `answers.${question}` }, { in: [{ var: '' }, values] }] },
});

const yesNo = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];

/** Pictures of each pattern, served by the web app. */
const patternImage = (name: string) => `/images/quiz/hair-pattern-${name}.svg`;

/**
 * Hair-loss consultation. Pattern (androgenetic) hair loss can be treated online; patchy or sudden hair loss,
 * and a sore or scarred scalp, need to be seen in person. Finasteride is licensed for men only and is not
 * prescribed with prostate cancer, liver disease or depression (MHRA 2024 warning on mood changes); minoxidil is
 * avoided with heart disease or abnormal blood pressure and on an inflamed scalp; the shampoo suits everyone.
 */
export const hairLossQuestionnaire: QuestionnaireInput = {
  questionnaireId: 3,
  slug: 'hair-loss',
  title: 'Hair loss consultation',
  taxon: 'hair-loss',
  steps: [
    {
      id: 'about-you',
      name: 'About you',
      questions: [
        {
          id: 'hl_sex',
          type: 'choice',
          question: 'What sex were you assigned at birth?',
          note: 'Some hair-loss treatments are licensed only for men.',
          answers: [
            { value: 'male', text: 'Male' },
            { value: 'female', text: 'Female' },
          ],
        },
        {
          id: 'hl_pregnancy',
          type: 'choice',
          question: 'Are you pregnant, breastfeeding, or have you given birth in the last 6 months?',
          showWhen: answered('hl_sex', 'female'),
          answers: yesNo,
        },
      ],
    },
    {
      id: 'date-of-birth',
      name: 'Date of birth',
      questions: [
        {
          id: 'hl_dob',
          type: 'DobType',
          question: 'What is your date of birth?',
          note: 'We treat hair loss online in adults aged 18 and over.',
          placeholder: 'Date of birth (DD/MM/YYYY)',
        },
      ],
    },
    {
      id: 'your-hair-loss',
      name: 'Your hair loss',
      questions: [
        {
          id: 'hl_pattern',
          type: 'imageChoice',
          question: 'Which picture looks most like your hair loss?',
          answers: [
            { value: 'receding', text: 'Receding hairline', image: patternImage('receding') },
            { value: 'crown', text: 'Thinning at the crown', image: patternImage('crown') },
            { value: 'receding_crown', text: 'Receding hairline and thinning crown', image: patternImage('receding-crown') },
            { value: 'diffuse', text: 'Thinning all over, or a widening parting', image: patternImage('diffuse') },
            { value: 'patchy', text: 'Bald patches or spots', image: patternImage('patchy') },
          ],
        },
        {
          id: 'hl_onset',
          type: 'choice',
          question: 'How quickly has your hair loss happened?',
          answers: [
            { value: 'gradual', text: 'Gradually, over months or years' },
            { value: 'sudden', text: 'Suddenly, within a few weeks, or hair coming out in clumps' },
          ],
        },
        {
          id: 'hl_scalp',
          type: 'multichoice',
          question: 'Do you have any of these on your scalp?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'flaking', text: 'Itching or flaking (dandruff)' },
            { value: 'psoriasis_eczema', text: 'Psoriasis or eczema' },
            { value: 'sore_red_scarring', text: 'Redness, soreness, pain or scarring where the hair has gone' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
      ],
    },
    {
      id: 'health',
      name: 'Your health',
      questions: [
        {
          id: 'hl_conditions',
          type: 'multichoice',
          question: 'Do you have, or have you had, any of these conditions?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'prostate_cancer', text: 'Prostate cancer, or a raised PSA test' },
            { value: 'liver_disease', text: 'Liver disease' },
            { value: 'depression', text: 'Depression, or thoughts of self-harm or suicide' },
            { value: 'heart_or_blood_pressure', text: 'Heart disease, or high or low blood pressure' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'hl_medicines',
          type: 'textarea',
          question: 'Please list any medicines you take.',
          note: 'Include anything prescribed, bought over the counter, or herbal. Leave blank if there are none.',
          placeholder: 'For example: levothyroxine 50 micrograms once a day',
          optional: true,
        },
      ],
    },
  ],
  rules: {
    facts: {
      age: { question: 'hl_dob', kind: 'age' },
    },
    knockouts: [
      {
        id: 'pregnancy',
        when: answered('hl_pregnancy', 'yes'),
        question: 'hl_pregnancy',
        reason:
          'Hair-loss medicines are not suitable while pregnant or breastfeeding, and hair shedding after having a baby usually recovers on its own. Please speak to your GP or midwife if you are worried.',
      },
      {
        id: 'under-18',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'hl_dob',
        reason: 'We can only treat hair loss online in adults aged 18 or over. Please speak to your GP.',
      },
      {
        id: 'patchy-hair-loss',
        when: answered('hl_pattern', 'patchy'),
        question: 'hl_pattern',
        reason:
          'Bald patches or spots can be a sign of alopecia areata or another condition that needs to be examined in person. Please see your GP, who can refer you to a dermatologist if needed.',
      },
      {
        id: 'sudden-hair-loss',
        when: answered('hl_onset', 'sudden'),
        question: 'hl_onset',
        reason:
          'Sudden hair loss can be caused by illness, stress, medicines or a lack of iron or thyroid hormone, which need a check-up and blood tests. Please see your GP before starting a hair-loss treatment.',
      },
      {
        id: 'scalp-inflammation',
        when: ticked('hl_scalp', 'sore_red_scarring'),
        question: 'hl_scalp',
        reason:
          'A red, sore or scarred scalp can be a sign of scarring alopecia, which needs prompt treatment by a doctor. Please see your GP.',
      },
    ],
    products: [
      {
        code: 'FINASTERIDE',
        when: {
          and: [answered('hl_sex', 'male'), noneTicked('hl_conditions', ['prostate_cancer', 'liver_disease', 'depression'])],
        },
      },
      {
        code: 'MINOXIDIL',
        when: {
          and: [noneTicked('hl_conditions', ['heart_or_blood_pressure']), { '!': ticked('hl_scalp', 'psoriasis_eczema') }],
        },
      },
      { code: 'POWER-SHAMPOO' },
    ],
  },
};
