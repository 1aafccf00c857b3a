import { PREGNANCY_POTENTIAL_QUESTIONS, TIRZEPATIDE_CONTRACEPTION_COUNSELLING, type QuestionnaireInput } from '@elmwood/domain';

/**
 * NICE (TA875 1.1, TA1026 1.1) lowers both BMI thresholds by 2.5 for these family backgrounds, whose health risks
 * start at a lower BMI; a mixed background that includes one of them follows the same rule.
 */
export const LOWER_THRESHOLD_BACKGROUNDS = [
  'south_asian',
  'chinese',
  'other_asian',
  'middle_eastern',
  'black_african',
  'african_caribbean',
  'mixed_white_asian',
  'mixed_white_black_african',
  'mixed_white_black_caribbean',
];

const hasWeightRelatedCondition = {
  some: [{ var: 'answers.wl_conditions' }, { '!=': [{ var: '' }, 'none'] }],
};
/** The licence thresholds (Wegovy and Mounjaro SmPC 4.1): BMI 30, or 27 with a weight-related condition. */
const licenceThreshold = { if: [hasWeightRelatedCondition, 27, 30] };
/** Whether this patient may be prescribed below the licence threshold under NICE's adjustment (a clinic policy). */
const niceAdjustmentApplies = {
  and: [{ var: 'policy.niceEthnicityAdjustment' }, { in: [{ var: 'answers.wl_ethnicity' }, LOWER_THRESHOLD_BACKGROUNDS] }],
};
const bmiThreshold = { '-': [licenceThreshold, { if: [niceAdjustmentApplies, 2.5, 0] }] };
const belowLicenceThreshold = { and: [niceAdjustmentApplies, { '<': [{ var: 'facts.bmi' }, licenceThreshold] }] };
const ticked = (question: string, value: string) => ({ in: [value, { var: `answers.${question}` }] });
/** BMI at the goal weight, from the height given with today's weight. */
const goalBmi = {
  '/': [{ var: 'facts.goalWeight' }, { '*': [{ '/': [{ var: 'facts.height' }, 100] }, { '/': [{ var: 'facts.height' }, 100] }] }],
};

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
        {
          // Who could become pregnant sees the contraception counselling (MHRA, June 2025): not only those on the pill.
          id: PREGNANCY_POTENTIAL_QUESTIONS.couldBecomePregnant,
          type: 'choice',
          question: 'Could you become pregnant?',
          note: 'Answer no only if you have been through the menopause, had a hysterectomy or been sterilised.',
          showWhen: { and: [{ '==': [{ var: 'answers.wl_sex' }, 'female'] }, { '==': [{ var: 'answers.wl_pregnancy' }, 'no'] }] },
          answers: [
            { value: 'yes', text: 'Yes, or I am not sure' },
            { value: 'no', text: 'No' },
          ],
        },
        {
          id: 'wl_oral_contraception',
          type: 'choice',
          question: 'Do you take the contraceptive pill (combined or progestogen-only)?',
          note: 'Mounjaro can make the pill less reliable, so we need to know before we prescribe it.',
          showWhen: { '==': [{ var: 'answers.wl_could_become_pregnant' }, 'yes'] },
          answers: [
            { value: 'yes', text: 'Yes' },
            { value: 'no', text: 'No' },
          ],
        },
        {
          id: 'wl_tirzepatide_counselling',
          type: 'checkbox',
          // The same words the plan page shows before each dose increase, and a check-in shows again.
          question: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.title,
          note: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''),
          showWhen: { '==': [{ var: 'answers.wl_could_become_pregnant' }, 'yes'] },
          answers: [{ value: 'understood', text: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.acknowledgement }],
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
            { value: 'mixed_white_asian', text: 'Mixed: White and Asian' },
            { value: 'mixed_white_black_african', text: 'Mixed: White and Black African' },
            { value: 'mixed_white_black_caribbean', text: 'Mixed: White and Black Caribbean' },
            { value: 'mixed_other', text: 'Another mixed or multiple ethnic background' },
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
        {
          // Asked only under the clinic's NICE ethnicity adjustment, below the licence threshold.
          id: 'wl_off_label_consent',
          type: 'checkbox',
          question: 'Treatment outside the licence',
          note: 'Your BMI is below the level in the medicine’s licence, but NICE advises a lower threshold for your family background because weight-related health risks start at a lower BMI. A prescriber can still recommend treatment, but it would be used outside its licence (off-label). They will explain what this means before prescribing.',
          showWhen: belowLicenceThreshold,
          answers: [{ value: 'consented', text: 'I understand this treatment would be prescribed outside its licence and I agree to it being considered' }],
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
            { value: 'severe_kidney_disease', text: 'Severe kidney disease (eGFR below 30), or kidney dialysis' },
            { value: 'severe_liver_disease', text: 'Severe liver disease, such as cirrhosis' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'wl_health_conditions',
          type: 'multichoice',
          question: 'Do you have, or have you had, any of these?',
          note: 'Choose all that apply. These do not rule treatment out, but your prescriber needs to know.',
          answers: [
            { value: 'diabetic_retinopathy', text: 'Diabetic eye disease (diabetic retinopathy)' },
            { value: 'gallbladder_disease', text: 'Gallstones or another gallbladder problem' },
            { value: 'bariatric_surgery', text: 'Weight-loss surgery, such as a gastric band, bypass or sleeve' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'wl_allergy',
          type: 'multichoice',
          question: 'Have you ever had an allergic reaction to any of these medicines or their ingredients?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'semaglutide', text: 'Semaglutide (Wegovy, Ozempic or Rybelsus)' },
            { value: 'tirzepatide', text: 'Tirzepatide (Mounjaro)' },
            { value: 'none', text: 'No, never', exclusive: true },
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
        {
          id: 'wl_medicine_classes',
          type: 'multichoice',
          question: 'Do you take any of these?',
          note: 'Choose all that apply. Do not count Wegovy or Mounjaro taken for weight loss: we ask about those next.',
          answers: [
            { value: 'insulin', text: 'Insulin' },
            { value: 'sulfonylurea', text: 'A sulfonylurea for diabetes, such as gliclazide, glimepiride or glibenclamide' },
            { value: 'other_glp1', text: 'Another medicine of this kind, such as Ozempic, Rybelsus, Victoza, Trulicity or Byetta' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
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
          note: 'If you are, you can continue at your current dose once a clinician has checked your previous prescription. If you are new to them, you start on the lowest dose.',
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
        {
          id: 'wl_last_dose_date',
          type: 'DateType',
          question: 'When did you take your last dose?',
          note: 'After a break of more than 2 weeks your dose needs to restart lower. After you order we will ask for a photo of your previous prescription.',
          placeholder: 'DD/MM/YYYY',
          showWhen: { '!=': [{ var: 'answers.wl_current_injection' }, 'none'] },
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
          // NICE NG246 (overweight and obesity management, 2025), as CG189 before it: a realistic first goal is 5% to 10%.
          note: 'NICE advises that losing 5% to 10% of your current weight is a realistic first goal, and brings real benefits to your health.',
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
      goalWeight: { question: 'wl_goal_weight', kind: 'weightKg' },
      daysSinceLastDose: { question: 'wl_last_dose_date', kind: 'daysSince' },
    },
    knockouts: [
      {
        id: 'bmi-below-any-threshold',
        source: 'Wegovy SmPC 4.1; Mounjaro SmPC 4.1; NICE TA875 1.1 and TA1026 1.1 (2.5 lower, when the clinic applies it)',
        rationale: "Below the lowest BMI at which either medicine may be prescribed (27 with a weight-related condition, 2.5 lower again under the clinic's NICE ethnicity adjustment), nothing else in the consultation can make treatment suitable, so the patient is told at once.",
        // The lowest threshold any answers could give: 27 (licence), or 24.5 under the clinic's NICE adjustment.
        when: { '<': [{ var: 'facts.bmi' }, { if: [{ var: 'policy.niceEthnicityAdjustment' }, 24.5, 27] }] },
        question: 'wl_bmi',
        reason:
          'Weight-loss injections can only be prescribed when your BMI is above a healthy range. Based on the height and weight you gave, your BMI is below that level, so this treatment would not be safe for you. If you think you have made an error in your responses, please click below to review your answers.',
      },
      {
        id: 'under-18',
        source: 'Clinic policy; Wegovy SmPC 4.1 and Mounjaro SmPC 4.1 (adults)',
        rationale: 'Adolescents need specialist paediatric weight management; the clinic prescribes online to adults only.',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'wl_dob',
        reason: 'Weight-loss injections are only prescribed to adults aged 18 or over. Please speak to your GP, who can support you.',
      },
      {
        id: 'over-74',
        source: 'Clinic policy; Wegovy SmPC 4.2 and Mounjaro SmPC 4.2 (limited experience from 75 years)',
        rationale: 'Experience of these medicines from 75 years is limited and dehydration from gut side effects is riskier; older patients are assessed in person.',
        when: { '>': [{ var: 'facts.age' }, 74] },
        question: 'wl_dob',
        reason:
          'We can only prescribe weight-loss injections online to people aged 18 to 74. Your GP can assess you in person and discuss the options that are safe for you.',
      },
      {
        id: 'pregnancy',
        source: 'Wegovy SmPC 4.6; Mounjaro SmPC 4.6',
        rationale: 'Semaglutide and tirzepatide are not to be used in pregnancy or while breastfeeding, and semaglutide is stopped at least 2 months before a planned pregnancy.',
        when: { '==': [{ var: 'answers.wl_pregnancy' }, 'yes'] },
        question: 'wl_pregnancy',
        reason:
          'Weight-loss injections must not be used while pregnant, breastfeeding or trying to conceive, as they may harm the baby. Please speak to your GP or midwife about managing your weight safely.',
      },
      {
        id: 'bmi-below-threshold',
        source: 'Wegovy SmPC 4.1; Mounjaro SmPC 4.1 (licensed BMI thresholds); NICE TA875 1.1 and TA1026 1.1 (2.5 lower for listed backgrounds, a clinic policy setting)',
        rationale: 'The licences allow weight management from BMI 30, or 27 with at least one weight-related condition. The NICE reduction for listed family backgrounds applies only when the medical director has turned it on.',
        when: { '<': [{ var: 'facts.bmi' }, bmiThreshold] },
        question: 'wl_bmi',
        reason:
          'Weight-loss injections can be prescribed when your BMI is 30 or more, or 27 or more with a weight-related condition such as high blood pressure or type 2 diabetes (each 2.5 lower for some ethnic backgrounds). Based on your answers, your BMI is below this level.',
      },
      {
        id: 'pancreatitis',
        source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4 (acute pancreatitis)',
        rationale: "Acute pancreatitis has been reported with GLP-1 and GIP/GLP-1 medicines; with a past episode the risk cannot be weighed without the patient's records, so it is not prescribed online.",
        when: ticked('wl_contraindications', 'pancreatitis'),
        question: 'wl_contraindications',
        reason: 'Weight-loss injections can cause pancreatitis and are not suitable for anyone who has had it before.',
      },
      {
        id: 'mtc-men2',
        source: 'Wegovy and Zepbound (tirzepatide) US Prescribing Information, boxed warning and section 4 (FDA)',
        rationale: 'Thyroid C-cell tumours were seen in rodents; the US labels contraindicate use with a personal or family history of medullary thyroid cancer or MEN2, and the clinic follows the stricter label.',
        when: ticked('wl_contraindications', 'mtc_men2'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections are not suitable when you or your family have had medullary thyroid cancer or MEN2, because of a possible link with thyroid tumours.',
      },
      {
        id: 'type-1-diabetes',
        source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4',
        rationale: 'These medicines are no substitute for insulin and are not studied for weight management in type 1 diabetes; risk of ketoacidosis if insulin is reduced.',
        when: ticked('wl_contraindications', 'type_1_diabetes'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections are not licensed for people with type 1 diabetes. Please speak to your diabetes team about weight management.',
      },
      {
        id: 'eating-disorder',
        source: 'GPhC guidance for registered pharmacies providing pharmacy services at a distance (weight-management medicines, 2025); clinic policy',
        rationale: 'Weight-loss medicines can worsen an eating disorder, and online prescribers must take extra care with people who may be vulnerable; such patients are referred for in-person care.',
        when: ticked('wl_contraindications', 'eating_disorder'),
        question: 'wl_contraindications',
        reason:
          'Because you have told us about an eating disorder, a weight-loss medicine would not be safe to prescribe online. Your GP or the charity Beat (beateatingdisorders.org.uk) can offer support.',
      },
      {
        id: 'severe-gut-disease',
        source: 'Wegovy SmPC 4.4; Mounjaro SmPC 4.4 (severe gastrointestinal disease, including gastroparesis)',
        rationale: 'These medicines slow gastric emptying; they are not recommended in severe gastrointestinal disease.',
        when: ticked('wl_contraindications', 'severe_gut_disease'),
        question: 'wl_contraindications',
        reason:
          'Weight-loss injections slow down the stomach and can make severe gut disease worse, so they are not suitable for you.',
      },
      {
        id: 'severe-kidney-disease',
        when: ticked('wl_contraindications', 'severe_kidney_disease'),
        question: 'wl_contraindications',
        source: 'Wegovy SmPC 4.2 (not recommended in severe renal impairment); Mounjaro SmPC 4.2 and 4.4 (limited experience; dehydration can worsen kidney function)',
        rationale: 'Severe kidney disease needs the kidney team to weigh the risk of dehydration from vomiting and diarrhoea; it is not prescribed online.',
        reason:
          'Because you have severe kidney disease, a weight-loss injection needs to be considered by your kidney team, who can check it is safe for you. Please speak to your GP or specialist.',
      },
      {
        id: 'severe-liver-disease',
        when: ticked('wl_contraindications', 'severe_liver_disease'),
        question: 'wl_contraindications',
        source: 'Wegovy SmPC 4.2 (not recommended in severe hepatic impairment); Mounjaro SmPC 4.2 (limited experience)',
        rationale: 'Experience in severe hepatic impairment is limited and semaglutide is not recommended in it.',
        reason:
          'Weight-loss injections are not recommended with severe liver disease, as there is too little experience of using them safely. Please speak to your GP or liver specialist.',
      },
      {
        id: 'other-glp1',
        when: ticked('wl_medicine_classes', 'other_glp1'),
        question: 'wl_medicine_classes',
        source: 'Wegovy SmPC 4.4 and 4.5; Mounjaro SmPC 4.4 (not to be combined with other GLP-1 receptor agonists)',
        rationale: 'Two GLP-1 or GIP/GLP-1 medicines together add to the same effects (and side effects) with no evidence of benefit.',
        reason:
          'You already take a medicine that works in the same way as weight-loss injections. Taking two together is not safe, so we cannot prescribe one for you. Please speak to the prescriber of your current medicine.',
      },
    ],
    products: [
      {
        code: 'WEGOVY',
        when: { '!': ticked('wl_allergy', 'semaglutide') },
        summary: 'Wegovy withheld: allergy to semaglutide',
        source: 'Wegovy SmPC 4.3',
        rationale: 'Hypersensitivity to the active substance or any of the excipients is a contraindication.',
      },
      {
        code: 'MOUNJARO',
        when: { '!': ticked('wl_allergy', 'tirzepatide') },
        summary: 'Mounjaro withheld: allergy to tirzepatide',
        source: 'Mounjaro SmPC 4.3',
        rationale: 'Hypersensitivity to the active substance or any of the excipients is a contraindication.',
      },
    ],
    flags: [
      {
        id: 'hypoglycaemia-risk',
        when: { or: [ticked('wl_medicine_classes', 'insulin'), ticked('wl_medicine_classes', 'sulfonylurea')] },
        question: 'wl_medicine_classes',
        level: 'review',
        summary: 'Takes insulin or a sulfonylurea: risk of hypoglycaemia, review the diabetes doses',
        source: 'Wegovy SmPC 4.4 and 4.5; Mounjaro SmPC 4.4 and 4.5',
        rationale: 'With insulin or a sulfonylurea the risk of hypoglycaemia rises; a lower dose of those medicines may be needed and the diabetes team should know.',
      },
      {
        id: 'diabetic-retinopathy',
        when: ticked('wl_health_conditions', 'diabetic_retinopathy'),
        question: 'wl_health_conditions',
        level: 'review',
        product: 'WEGOVY',
        summary: 'Diabetic retinopathy: semaglutide may worsen it, check eye screening',
        source: 'Wegovy SmPC 4.4 (diabetic retinopathy)',
        rationale: 'Rapid improvement in blood glucose with semaglutide has been linked to worsening diabetic retinopathy; such patients need monitoring.',
      },
      {
        id: 'diabetic-retinopathy-tirzepatide',
        when: ticked('wl_health_conditions', 'diabetic_retinopathy'),
        question: 'wl_health_conditions',
        level: 'review',
        product: 'MOUNJARO',
        summary: 'Diabetic retinopathy: tirzepatide not studied in severe disease, check eye screening',
        source: 'Mounjaro SmPC 4.4 (diabetic retinopathy)',
        rationale:
          'Tirzepatide has not been studied in non-proliferative diabetic retinopathy needing acute therapy, proliferative retinopathy or diabetic macular oedema; such patients are treated with caution and monitored, as rapid improvement in blood glucose can worsen retinopathy.',
      },
      {
        id: 'gallbladder-disease',
        when: ticked('wl_health_conditions', 'gallbladder_disease'),
        question: 'wl_health_conditions',
        level: 'review',
        summary: 'Gallbladder disease: gallstones are a common side effect, review',
        source: 'Wegovy SmPC 4.8; Mounjaro SmPC 4.8 (cholelithiasis)',
        rationale: 'Gallstones and cholecystitis are reported side effects, more so with rapid weight loss; a history needs the prescriber to weigh the risk and advise on symptoms.',
      },
      {
        id: 'bariatric-surgery',
        when: ticked('wl_health_conditions', 'bariatric_surgery'),
        question: 'wl_health_conditions',
        level: 'review',
        summary: 'Previous weight-loss surgery: review absorption, nutrition and the surgical team’s follow-up',
        source: 'Clinic policy; NICE NG246 (overweight and obesity management: follow-up after bariatric surgery)',
        rationale: 'After bariatric surgery nutrition and gastric emptying differ and the surgical team’s follow-up matters; the prescriber confirms treatment is appropriate.',
      },
      {
        // The id is kept from when only women on the pill were counselled: outcomes already stored name it.
        id: 'tirzepatide-oral-contraception',
        when: ticked('wl_tirzepatide_counselling', 'understood'),
        question: 'wl_tirzepatide_counselling',
        level: 'counselling',
        product: 'MOUNJARO',
        summary: 'Could become pregnant: counselled on effective contraception, no use in pregnancy, and with the pill a barrier method for 4 weeks after starting and after each dose increase (acknowledged)',
        source: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.source,
        rationale: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.rationale,
      },
      {
        id: 'off-label-ethnicity-threshold',
        when: belowLicenceThreshold,
        question: 'wl_bmi',
        level: 'off-label',
        summary: 'BMI below the licence threshold, within NICE’s 2.5 reduction for the patient’s background: off-label, informed consent given',
        source: 'NICE TA875 1.1; NICE TA1026 1.1; Wegovy SmPC 4.1 and Mounjaro SmPC 4.1 (licensed thresholds); clinic policy setting',
        rationale: 'NICE advises a 2.5 lower BMI threshold for South Asian, Chinese, other Asian, Middle Eastern, Black African and African-Caribbean backgrounds; below the licence thresholds the prescription is off-label and needs the patient’s informed consent.',
      },
    ],
    answerChecks: [
      {
        id: 'goal-weight-below-current',
        question: 'wl_goal_weight',
        when: { '>=': [{ var: 'facts.goalWeight' }, { var: 'facts.weight' }] },
        message: 'Your goal weight needs to be less than your current weight. Please check both weights.',
        source: 'Clinic policy (treatment is for weight loss)',
        rationale: 'A goal at or above today’s weight means one of the two weights was entered wrongly.',
      },
      {
        id: 'goal-weight-healthy-bmi',
        question: 'wl_goal_weight',
        when: { '<': [goalBmi, 18.5] },
        message: 'This goal weight would give you a BMI below 18.5, which is underweight. Please choose a goal weight within the healthy range.',
        source: 'NHS and WHO BMI categories (underweight below 18.5)',
        rationale: 'Treatment must never aim at an underweight BMI; a goal below 18.5 also prompts thought about disordered eating.',
      },
      {
        id: 'last-dose-in-future',
        question: 'wl_last_dose_date',
        when: { '<': [{ var: 'facts.daysSinceLastDose' }, 0] },
        message: 'The date of your last dose cannot be in the future. Please check the date.',
        source: 'Clinic policy (dose history)',
        rationale: 'The last dose date decides the restart dose; a date to come cannot be right.',
      },
    ],
    titration: {
      currentDoseQuestion: 'wl_current_injection',
      lastDoseQuestion: 'wl_last_dose_date',
      daysSinceLastDoseFact: 'daysSinceLastDose',
      ladders: [
        {
          product: 'WEGOVY',
          name: 'Wegovy',
          steps: [
            { code: 'WEGOVY-0-25MG', dose: '0.25 mg' },
            { code: 'WEGOVY-0-5MG', dose: '0.5 mg' },
            { code: 'WEGOVY-1MG', dose: '1 mg' },
            { code: 'WEGOVY-1-7MG', dose: '1.7 mg' },
            { code: 'WEGOVY-2-4MG', dose: '2.4 mg' },
          ],
          source: 'Wegovy SmPC 4.2 (dose escalation)',
          rationale: 'Start at 0.25 mg weekly and increase every 4 weeks through 0.5, 1 and 1.7 mg to the 2.4 mg maintenance dose.',
        },
        {
          product: 'MOUNJARO',
          name: 'Mounjaro',
          steps: [
            { code: 'MOUNJARO-2-5MG', dose: '2.5 mg' },
            { code: 'MOUNJARO-5MG', dose: '5 mg' },
            { code: 'MOUNJARO-7-5MG', dose: '7.5 mg' },
            { code: 'MOUNJARO-10MG', dose: '10 mg' },
            { code: 'MOUNJARO-12-5MG', dose: '12.5 mg' },
            { code: 'MOUNJARO-15MG', dose: '15 mg' },
          ],
          source: 'Mounjaro SmPC 4.2 (dose escalation)',
          rationale: 'Start at 2.5 mg weekly for 4 weeks, then 5 mg; increase by 2.5 mg after at least 4 weeks on each dose, up to 15 mg.',
        },
      ],
      rules: {
        startingDose: {
          source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2',
          rationale: 'A patient new to the medicine starts on the lowest dose so the gut side effects stay tolerable; increases follow only after at least 4 weeks, a check-in and a prescriber’s approval.',
        },
        continueCurrentDose: {
          source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2; GPhC distance-selling guidance (verify a previous prescription)',
          rationale: 'A patient established on a dose may continue it without re-titrating, once the prescriber has seen proof of the previous prescription (the prescription photo task).',
        },
        missedDoseStepDown: {
          source: 'Clinic policy: missed-dose gap (medical director), after the missed-dose guidance of Wegovy SmPC 4.2 and Mounjaro SmPC 4.2',
          rationale: 'After a break longer than the policy’s gap, tolerance to the gastrointestinal effects fades; restarting one dose lower lowers the risk of severe vomiting and dehydration.',
        },
        missedDoseRestart: {
          source: 'Clinic policy: restart gap (medical director), after Wegovy SmPC 4.2 and Mounjaro SmPC 4.2',
          rationale: 'After a long break (or with no date for the last dose) the patient is treated as new and titrates again from the starting dose.',
        },
      },
    },
  },
};
