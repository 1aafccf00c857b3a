import type { QuestionnaireInput } from '@elmwood/domain';

/** NICE lowers both BMI thresholds by 2.5 for these backgrounds, whose health risks start at a lower BMI. */
const LOWER_THRESHOLD_BACKGROUNDS = ['south_asian', 'chinese', 'other_asian', 'middle_eastern', 'black_african', 'african_caribbean'];

const hasWeightRelatedCondition = {
  some: [{ var: 'answers.wl_conditions' }, { '!=': [{ var: '' }, 'none'] }],
};
const bmiThreshold = {
  '-': [
    { if: [hasWeightRelatedCondition, 27, 30] },
    { if: [{ in: [{ var: 'answers.wl_ethnicity' }, LOWER_THRESHOLD_BACKGROUNDS] }, 2.5, 0] },
  ],
};
const ticked = (question: string, value: string) => ({ in: [value, { var: `answers.${question}` }] });

export const weightLossQuestionnaire: QuestionnaireInput = {
  questionnaireId: 1,
  slug: 'weight-loss',
  title: 'Weight loss consultation',
  taxon: 'weight-loss',
  steps: [
    {
      id: 'measurements',
      name: 'Height and weight',
      questions: [
        {
          id: 'wl_bmi',
          type: 'BmiType',
          question: 'What is your height and weight?',
          note: 'We use these to work out your body mass index (BMI), which tells us whether treatment is suitable.',
          question_info_details: {
            bottomInfo: {
              icon: 'lock',
              text: 'Your answers are confidential and are only seen by our clinical team.',
              type: 'info',
            },
          },
        },
      ],
    },
    {
      id: 'date-of-birth',
      name: 'Date of birth',
      questions: [
        {
          id: 'wl_dob',
          type: 'DobType',
          question: 'What is your date of birth?',
          note: 'Weight-loss injections are prescribed to adults aged 18 to 74.',
          placeholder: 'Date of birth (DD/MM/YYYY)',
        },
      ],
    },
    {
      id: 'about-you',
      name: 'About you',
      questions: [
        {
          id: 'wl_sex',
          type: 'choice',
          question: 'What sex were you assigned at birth?',
          note: 'Some medicines work differently depending on biological sex.',
          answers: [
            { value: 'female', text: 'Female' },
            { value: 'male', text: 'Male' },
          ],
        },
        {
          id: 'wl_pregnancy',
          type: 'choice',
          question: 'Are you pregnant, breastfeeding or trying to conceive?',
          showWhen: { '==': [{ var: 'answers.wl_sex' }, 'female'] },
          answers: [
            { value: 'yes', text: 'Yes' },
            { value: 'no', text: 'No' },
          ],
        },
      ],
    },
    {
      id: 'ethnicity',
      name: 'Ethnic background',
      questions: [
        {
          id: 'wl_ethnicity',
          type: 'choice',
          question: 'Which of these best describes your ethnic background?',
          over_note: 'Health risks linked to weight start at a lower BMI for some ethnic backgrounds, so this helps us prescribe safely.',
          answers: [
            { value: 'white', text: 'White' },
            { value: 'mixed', text: 'Mixed or multiple ethnic groups' },
            { value: 'south_asian', text: 'South Asian (Indian, Pakistani, Bangladeshi, Sri Lankan)' },
            { value: 'chinese', text: 'Chinese' },
            { value: 'other_asian', text: 'Other Asian background' },
            { value: 'middle_eastern', text: 'Middle Eastern or Arab' },
            { value: 'black_african', text: 'Black African' },
            { value: 'african_caribbean', text: 'African-Caribbean' },
            { value: 'other', text: 'Another ethnic background' },
            { value: 'prefer_not_to_say', text: 'Prefer not to say' },
          ],
        },
      ],
    },
    {
      id: 'conditions',
      name: 'Weight-related conditions',
      questions: [
        {
          id: 'wl_conditions',
          type: 'multichoice',
          question: 'Do you have any of these conditions?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'high_blood_pressure', text: 'High blood pressure' },
            { value: 'high_cholesterol', text: 'High cholesterol' },
            { value: 'sleep_apnoea', text: 'Obstructive sleep apnoea' },
            { value: 'heart_disease', text: 'Heart disease' },
            { value: 'prediabetes', text: 'Prediabetes' },
            { value: 'type_2_diabetes', text: 'Type 2 diabetes' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
      ],
    },
    {
      id: 'contraindications',
      name: 'Medical history',
      questions: [
        {
          id: 'wl_contraindications',
          type: 'multichoice',
          question: 'Have you ever had any of the following?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'pancreatitis', text: 'Pancreatitis (inflammation of the pancreas)' },
            { value: 'mtc_men2', text: 'Medullary thyroid cancer, or multiple endocrine neoplasia type 2 (MEN2), in you or your family' },
            { value: 'type_1_diabetes', text: 'Type 1 diabetes' },
            { value: 'eating_disorder', text: 'An eating disorder such as anorexia or bulimia' },
            { value: 'severe_gut_disease', text: "Severe gut disease, such as gastroparesis or Crohn's disease" },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
      ],
    },
    {
      id: 'medicines',
      name: 'Current medicines',
      questions: [
        {
          id: 'wl_medicines',
          type: 'textarea',
          question: 'Which medicines, if any, do you currently take?',
          note: "Include anything prescribed, bought over the counter, or herbal. Write 'none' if you take nothing.",
          placeholder: 'For example: metformin 500 mg twice a day',
        },
      ],
    },
    {
      id: 'current-treatment',
      name: 'Current treatment',
      questions: [
        {
          id: 'wl_current_injection',
          type: 'productChoice',
          question: 'Are you currently taking a weight-loss injection?',
          note: 'If you are, we can continue your treatment at your current dose once a clinician has checked your records.',
          tags: ['hl_compliance_product_choice'],
          answers: [
            { value: 'none', text: "No, I'm new to weight-loss injections" },
            { value: 'WEGOVY|||WEGOVY-0-25MG', text: 'Wegovy 0.25 mg' },
            { value: 'WEGOVY|||WEGOVY-0-5MG', text: 'Wegovy 0.5 mg' },
            { value: 'WEGOVY|||WEGOVY-1MG', text: 'Wegovy 1 mg' },
            { value: 'WEGOVY|||WEGOVY-1-7MG', text: 'Wegovy 1.7 mg' },
            { value: 'WEGOVY|||WEGOVY-2-4MG', text: 'Wegovy 2.4 mg' },
            { value: 'MOUNJARO|||MOUNJARO-2-5MG', text: 'Mounjaro 2.5 mg' },
            { value: 'MOUNJARO|||MOUNJARO-5MG', text: 'Mounjaro 5 mg' },
            { value: 'MOUNJARO|||MOUNJARO-7-5MG', text: 'Mounjaro 7.5 mg' },
            { value: 'MOUNJARO|||MOUNJARO-10MG', text: 'Mounjaro 10 mg' },
            { value: 'MOUNJARO|||MOUNJARO-12-5MG', text: 'Mounjaro 12.5 mg' },
            { value: 'MOUNJARO|||MOUNJARO-15MG', text: 'Mounjaro 15 mg' },
          ],
        },
      ],
    },
    {
      id: 'goals',
      name: 'Your goal',
      questions: [
        {
          id: 'wl_goal_weight',
          type: 'WeightType',
          question: 'What is your goal weight?',
          note: 'A realistic first goal is 5% to 15% of your current weight.',
        },
        {
          id: 'wl_contact_time',
          type: 'datetime',
          question: 'If our clinical team needs to call you, when suits you best?',
          note: 'Optional. Choose the times of day and the days that work for you.',
          optional: true,
          answers: [
            { value: 'morning', text: 'Morning (9am to 12pm)' },
            { value: 'afternoon', text: 'Afternoon (12pm to 5pm)' },
            { value: 'evening', text: 'Evening (5pm to 8pm)' },
          ],
        },
      ],
    },
  ],
  rules: {
    facts: {
      bmi: { question: 'wl_bmi', kind: 'bmi' },
      // Kilograms and centimetres, for the quiz state's weight and height.
      weight: { question: 'wl_bmi', kind: 'weightKg' },
      height: { question: 'wl_bmi', kind: 'heightCm' },
      age: { question: 'wl_dob', kind: 'age' },
    },
    knockouts: [
      {
        id: 'bmi-below-any-threshold',
        when: { '<': [{ var: 'facts.bmi' }, 24.5] },
        question: 'wl_bmi',
        reason:
          'Weight-loss injections can only be prescribed when your BMI is above a healthy range. Based on the height and weight you gave, your BMI is below that level, so this treatment would not be safe for you. If you think you have made an error in your responses, please click below to review your answers.',
      },
      {
        id: 'under-18',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'wl_dob',
        reason: 'Weight-loss injections are only prescribed to adults aged 18 or over. Please speak to your GP, who can support you.',
      },
      {
        id: 'over-74',
        when: { '>': [{ var: 'facts.age' }, 74] },
        question: 'wl_dob',
        reason:
          'We can only prescribe weight-loss injections online to people aged 18 to 74. Your GP can assess you in person and discuss the options that are safe for you.',
      },
      {
        id: 'pregnancy',
        when: { '==': [{ var: 'answers.wl_pregnancy' }, 'yes'] },
        question: 'wl_pregnancy',
        reason:
          'Weight-loss injections must not be used while pregnant, breastfeeding or trying to conceive, as they may harm the baby. Please speak to your GP or midwife about managing your weight safely.',
      },
      {
        id: 'bmi-below-threshold',
        when: { '<': [{ var: 'facts.bmi' }, bmiThreshold] },
        question: 'wl_bmi',
        reason:
          'Weight-loss injections can be prescribed when your BMI is 30 or more, or 27 or more with a weight-related condition such as high blood pressure or type 2 diabetes (each 2.5 lower for some ethnic backgrounds). Based on your answers, your BMI is below this level.',
      },
      {
        id: 'pancreatitis',
        when: ticked('wl_contraindications', 'pancreatitis'),
        question: 'wl_contraindications',
        reason: 'Weight-loss injections can cause pancreatitis and are not suitable for anyone who has had it before.',
      },
      {
        id: 'mtc-men2',
        when: ticked('wl_contraindications', 'mtc_men2'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections are not suitable when you or your family have had medullary thyroid cancer or MEN2, because of a possible link with thyroid tumours.',
      },
      {
        id: 'type-1-diabetes',
        when: ticked('wl_contraindications', 'type_1_diabetes'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections are not licensed for people with type 1 diabetes. Please speak to your diabetes team about weight management.',
      },
      {
        id: 'eating-disorder',
        when: ticked('wl_contraindications', 'eating_disorder'),
        question: 'wl_contraindications',
        reason:
          'Because you have told us about an eating disorder, a weight-loss medicine would not be safe to prescribe online. Your GP or the charity Beat (beateatingdisorders.org.uk) can offer support.',
      },
      {
        id: 'severe-gut-disease',
        when: ticked('wl_contraindications', 'severe_gut_disease'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections slow down the stomach and can make severe gut disease worse, so they are not suitable for you.',
      },
    ],
    products: [{ code: 'WEGOVY' }, { code: 'MOUNJARO' }],
  },
};
