import type { QuestionnaireInput } from '@elmwood/domain';

/** Finasteride's licensed ages (Propecia SmPC 4.1): the product page says the same (seed catalogue). */
export const FINASTERIDE_AGES = { min: 18, max: 41 } as const;

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
        {
          // Shown to men only, beside their other answers, so no step is ever empty for a woman.
          id: 'hl_finasteride_counselling',
          type: 'checkbox',
          question: 'If you are prescribed finasteride',
          note:
            '<ul><li>Women who are or may become pregnant must not handle crushed or broken finasteride tablets: the medicine can be absorbed through the skin and harm a baby boy. Whole tablets are coated and safe to handle.</li><li>The MHRA warns that finasteride can cause low mood, depression and, rarely, suicidal thoughts, and sexual side effects (lower sex drive, erection or ejaculation problems) that can occasionally last after stopping. Stop taking it and tell us or your GP straight away if your mood changes.</li></ul>',
          showWhen: answered('hl_sex', 'male'),
          answers: [{ value: 'understood', text: 'I have read and understood this information' }],
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
        source: 'Propecia (finasteride) SmPC 4.3 and 4.6; Regaine for Women SmPC 4.3 and 4.6 (minoxidil: not in pregnancy or breastfeeding)',
        rationale: 'Finasteride is contraindicated in women who are or may be pregnant and minoxidil is not to be used in pregnancy or breastfeeding; postpartum shedding usually recovers.',
        when: answered('hl_pregnancy', 'yes'),
        question: 'hl_pregnancy',
        reason:
          'Hair-loss medicines are not suitable while pregnant or breastfeeding, and hair shedding after having a baby usually recovers on its own. Please speak to your GP or midwife if you are worried.',
      },
      {
        id: 'under-18',
        source: 'Propecia SmPC 4.2; Regaine SmPC 4.1 and 4.2 (adults 18 to 65)',
        rationale: 'Neither medicine is licensed for under-18s.',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'hl_dob',
        reason: 'We can only treat hair loss online in adults aged 18 or over. Please speak to your GP.',
      },
      {
        id: 'patchy-hair-loss',
        source: 'NICE CKS Alopecia areata; Regaine SmPC 4.4 (not for patchy or sudden hair loss)',
        rationale: 'Patchy loss suggests alopecia areata or another cause needing examination; minoxidil is licensed only for androgenetic alopecia.',
        when: answered('hl_pattern', 'patchy'),
        question: 'hl_pattern',
        reason:
          'Bald patches or spots can be a sign of alopecia areata or another condition that needs to be examined in person. Please see your GP, who can refer you to a dermatologist if needed.',
      },
      {
        id: 'sudden-hair-loss',
        source: 'Regaine SmPC 4.4 (sudden or unexplained hair loss: see a doctor); NICE CKS Hair loss',
        rationale: "Sudden loss points to telogen effluvium, thyroid disease, iron deficiency or a medicine, which need a GP's assessment and blood tests.",
        when: answered('hl_onset', 'sudden'),
        question: 'hl_onset',
        reason:
          'Sudden hair loss can be caused by illness, stress, medicines or a lack of iron or thyroid hormone, which need a check-up and blood tests. Please see your GP before starting a hair-loss treatment.',
      },
      {
        id: 'scalp-inflammation',
        source: 'NICE CKS Scarring alopecia; Regaine SmPC 4.3 (inflamed or diseased scalp)',
        rationale: 'A red, sore or scarred scalp can be scarring alopecia, which needs urgent dermatology; minoxidil is not used on an inflamed scalp.',
        when: ticked('hl_scalp', 'sore_red_scarring'),
        question: 'hl_scalp',
        reason:
          'A red, sore or scarred scalp can be a sign of scarring alopecia, which needs prompt treatment by a doctor. Please see your GP.',
      },
    ],
    products: [
      {
        code: 'FINASTERIDE',
        when: answered('hl_sex', 'male'),
        summary: 'Finasteride withheld: licensed for men only',
        source: 'Propecia SmPC 4.1 and 4.3 (contraindicated in women)',
        rationale: 'Finasteride is licensed for male-pattern hair loss in men; it can harm a male fetus.',
      },
      {
        code: 'FINASTERIDE',
        when: { and: [{ '>=': [{ var: 'facts.age' }, FINASTERIDE_AGES.min] }, { '<=': [{ var: 'facts.age' }, FINASTERIDE_AGES.max] }] },
        summary: `Finasteride withheld: outside the licensed age range of ${FINASTERIDE_AGES.min} to ${FINASTERIDE_AGES.max}`,
        source: 'Propecia SmPC 4.1 (stabilises androgenetic alopecia in men 18 to 41 years of age) and 5.1',
        rationale: 'The licence and its trials cover men aged 18 to 41; benefit in older men has not been established, so finasteride is not prescribed online outside that range.',
      },
      {
        code: 'FINASTERIDE',
        when: noneTicked('hl_conditions', ['prostate_cancer', 'liver_disease', 'depression']),
        summary: 'Finasteride withheld: prostate cancer or raised PSA, liver disease, or depression',
        source: 'Propecia SmPC 4.4 (PSA halved; hepatic impairment not studied); MHRA Drug Safety Update, May 2024 (psychiatric side effects)',
        rationale: 'Finasteride halves PSA and can mask prostate cancer; its effect in liver disease is unstudied; with depression the MHRA warning on mood changes and suicidal thoughts means it is not prescribed online.',
      },
      {
        code: 'MINOXIDIL',
        when: answered('hl_sex', 'male'),
        summary: 'Minoxidil 5% solution withheld: licensed for men (women are offered the 2% solution or 5% foam)',
        source: 'Regaine for Men Extra Strength 5% cutaneous solution SmPC 4.1',
        rationale: 'The 5% solution is licensed for men; for women the 2% solution and the 5% foam are the licensed products.',
      },
      ...['MINOXIDIL', 'MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5'].flatMap((code) => [
        {
          code,
          when: { and: [{ '>=': [{ var: 'facts.age' }, 18] }, { '<=': [{ var: 'facts.age' }, 65] }] },
          summary: 'Minoxidil withheld: outside the licensed age range of 18 to 65',
          source: 'Regaine SmPC 4.1 and 4.2 (adults aged 18 to 65)',
          rationale: 'Safety and efficacy have not been established under 18 or over 65.',
        },
        {
          code,
          when: { and: [noneTicked('hl_conditions', ['heart_or_blood_pressure']), { '!': ticked('hl_scalp', 'psoriasis_eczema') }] },
          summary: 'Minoxidil withheld: heart disease or abnormal blood pressure, or psoriasis or eczema of the scalp',
          source: 'Regaine SmPC 4.3 and 4.4 (cardiovascular disease, hypertension; scalp abnormalities)',
          rationale: 'Absorbed minoxidil can affect heart rate and blood pressure; a diseased scalp absorbs more of it.',
        },
      ]),
      {
        code: 'MINOXIDIL-WOMEN-2',
        when: answered('hl_sex', 'female'),
        summary: 'Minoxidil 2% for women withheld: the 5% solution is the men’s product',
        source: 'Regaine for Women Regular Strength 2% cutaneous solution SmPC 4.1',
        rationale: 'Licensed for female-pattern hair loss in women.',
      },
      {
        code: 'MINOXIDIL-FOAM-5',
        when: answered('hl_sex', 'female'),
        summary: 'Minoxidil 5% foam for women withheld: the 5% solution is the men’s product',
        source: 'Regaine for Women Once a Day 5% Scalp Foam SmPC 4.1',
        rationale: 'Licensed for female-pattern hair loss in women.',
      },
      { code: 'POWER-SHAMPOO' },
    ],
    flags: [
      {
        id: 'finasteride-counselling',
        when: ticked('hl_finasteride_counselling', 'understood'),
        question: 'hl_finasteride_counselling',
        level: 'counselling',
        product: 'FINASTERIDE',
        summary: 'Counselled and acknowledged: crushed tablets and pregnancy; MHRA warning on psychiatric and sexual side effects',
        source: 'Propecia SmPC 4.4, 4.6 and 6.6; MHRA Drug Safety Update, May 2024 (finasteride: psychiatric and sexual side effects; patient alert card)',
        rationale: 'Women who are or may become pregnant must not handle crushed or broken tablets; the MHRA asks prescribers to warn of depression, suicidal thoughts and sexual side effects that may persist after stopping.',
      },
    ],
  },
};
