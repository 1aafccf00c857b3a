import type { QuestionnaireInput } from '@elmwood/domain';

const ticked = (question: string, value: string) => ({ in: [value, { var: `answers.${question}` }] });
const answered = (question: string, value: string) => ({ '==': [{ var: `answers.${question}` }, value] });

const yesNo = [
  { value: 'yes', text: 'Yes' },
  { value: 'no', text: 'No' },
];

/**
 * Erectile dysfunction consultation. Sildenafil and tadalafil (PDE5 inhibitors) are ruled out by the
 * contraindications in their SmPCs: nitrates and riociguat (dangerous drop in blood pressure), a recent heart
 * attack or stroke, uncontrolled or very low blood pressure, a heart too weak for sexual activity, severe liver
 * disease and hereditary retinal disease or NAION. Tadalafil is not combined with an alpha-blocker online.
 */
export const erectileDysfunctionQuestionnaire: QuestionnaireInput = {
  questionnaireId: 2,
  slug: 'erectile-dysfunction',
  title: 'Erectile dysfunction consultation',
  taxon: 'erectile-dysfunction',
  steps: [
    {
      id: 'about-you',
      name: 'About you',
      questions: [
        {
          id: 'ed_sex',
          type: 'choice',
          question: 'What sex were you assigned at birth?',
          note: 'Erectile dysfunction treatments are licensed for men.',
          answers: [
            { value: 'male', text: 'Male' },
            { value: 'female', text: 'Female' },
          ],
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
          id: 'ed_dob',
          type: 'DobType',
          question: 'What is your date of birth?',
          note: 'We prescribe erectile dysfunction treatment online to men aged 18 to 85.',
          placeholder: 'Date of birth (DD/MM/YYYY)',
        },
      ],
    },
    {
      id: 'symptoms',
      name: 'Your symptoms',
      questions: [
        {
          id: 'ed_frequency',
          type: 'choice',
          question: 'How often do you have difficulty getting or keeping an erection that is firm enough for sex?',
          answers: [
            { value: 'always', text: 'Always or almost always' },
            { value: 'most_times', text: 'Most times' },
            { value: 'sometimes', text: 'Sometimes' },
            { value: 'rarely', text: 'Rarely' },
            { value: 'never', text: 'Never' },
          ],
        },
        {
          id: 'ed_morning_erections',
          type: 'choice',
          question: 'Do you still sometimes wake up with an erection?',
          note: 'This helps our clinicians understand the cause; it does not change whether you can be treated.',
          answers: [...yesNo, { value: 'not_sure', text: "I'm not sure" }],
        },
      ],
    },
    {
      id: 'heart-health',
      name: 'Heart and blood pressure',
      questions: [
        {
          id: 'ed_recent_cardiac_event',
          type: 'choice',
          question: 'In the last 6 months, have you had a heart attack, a stroke or a mini-stroke (TIA)?',
          answers: yesNo,
        },
        {
          id: 'ed_exertion',
          type: 'choice',
          question:
            'Do you get chest pain or become very short of breath with light exercise, such as climbing two flights of stairs, or has a doctor advised you to avoid sex?',
          answers: yesNo,
        },
        {
          id: 'ed_blood_pressure',
          type: 'choice',
          question: 'Which of these best describes your blood pressure?',
          note: 'A pharmacy or your GP surgery can check it for you if you have not had it measured in the last 12 months.',
          answers: [
            { value: 'normal', text: 'Normal, measured in the last 12 months' },
            { value: 'high_controlled', text: 'High, but treated and under control' },
            { value: 'high_uncontrolled', text: 'High and not under control, or above 170/100' },
            { value: 'low', text: 'Very low (below 90/50), or I often feel faint when I stand up' },
            { value: 'not_sure', text: "I don't know / not measured in the last 12 months" },
          ],
        },
      ],
    },
    {
      id: 'medicines',
      name: 'Your medicines',
      questions: [
        {
          id: 'ed_medicines_taken',
          type: 'multichoice',
          question: 'Do you take, or carry for emergencies, any of these?',
          note: 'Choose all that apply.',
          answers: [
            {
              value: 'nitrates',
              text: 'Nitrates for chest pain (angina), such as a GTN spray or tablets, isosorbide mononitrate or dinitrate, or nicorandil',
            },
            { value: 'poppers', text: "Recreational 'poppers' (amyl nitrite or other alkyl nitrites)" },
            { value: 'riociguat', text: 'Riociguat (Adempas) for pulmonary hypertension' },
            {
              value: 'alpha_blocker',
              text: 'An alpha-blocker for blood pressure or the prostate, such as doxazosin, tamsulosin or alfuzosin',
            },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'ed_other_medicines',
          type: 'textarea',
          question: 'Please list any other medicines you take.',
          note: 'Include anything prescribed, bought over the counter, or herbal. Leave blank if there are none.',
          placeholder: 'For example: amlodipine 5 mg once a day',
          optional: true,
        },
      ],
    },
    {
      id: 'conditions',
      name: 'Your health',
      questions: [
        {
          id: 'ed_conditions',
          type: 'multichoice',
          question: 'Do you have, or have you had, any of these conditions?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'diabetes', text: 'Diabetes' },
            { value: 'severe_liver_disease', text: 'Severe liver disease, such as cirrhosis' },
            {
              value: 'eye_condition',
              text: 'Retinitis pigmentosa, or sudden loss of sight in one eye caused by reduced blood flow (NAION)',
            },
            { value: 'penile_condition', text: "Peyronie's disease or another condition affecting the shape of the penis" },
            { value: 'priapism_risk', text: 'Sickle cell anaemia, leukaemia or multiple myeloma' },
            { value: 'bleeding', text: 'A bleeding disorder or an active stomach ulcer' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
      ],
    },
    {
      id: 'preference',
      name: 'Your preference',
      questions: [
        {
          id: 'ed_preference',
          type: 'productChoice',
          question: 'Do you have a preferred treatment?',
          note: 'Our clinician will confirm whether your choice is suitable.',
          tags: ['hl_compliance_product_choice'],
          answers: [
            {
              value: 'SILDENAFIL|||SILDENAFIL-50MG-8',
              text: 'Sildenafil',
              note: 'Taken about an hour before sex; works for around 4 hours.',
            },
            {
              value: 'TADALAFIL|||TADALAFIL-10MG-8',
              text: 'Tadalafil',
              note: 'Taken at least 30 minutes before sex; works for up to 36 hours.',
            },
            { value: 'no_preference', text: 'No preference, I would like a recommendation' },
          ],
        },
      ],
    },
    {
      id: 'confirm',
      name: 'Confirmation',
      questions: [
        {
          id: 'ed_confirm',
          type: 'checkbox',
          question: 'Before you continue',
          answers: [
            {
              value: 'confirmed',
              text: 'I confirm the treatment is for me, that my answers are honest and accurate, and that I will read the patient information leaflet before use.',
            },
          ],
        },
      ],
    },
  ],
  rules: {
    facts: {
      age: { question: 'ed_dob', kind: 'age' },
    },
    knockouts: [
      {
        id: 'not-male',
        when: answered('ed_sex', 'female'),
        question: 'ed_sex',
        reason:
          'Our erectile dysfunction treatments are licensed only for men, so we cannot prescribe them to you. Your GP can talk to you about sexual health concerns.',
      },
      {
        id: 'under-18',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'ed_dob',
        reason: 'Erectile dysfunction treatment is only prescribed to adults aged 18 or over. Please speak to your GP.',
      },
      {
        id: 'over-85',
        when: { '>': [{ var: 'facts.age' }, 85] },
        question: 'ed_dob',
        reason:
          'We can only prescribe erectile dysfunction treatment online to men aged 18 to 85. Your GP can assess you in person and discuss safe options.',
      },
      {
        id: 'no-symptoms',
        when: answered('ed_frequency', 'never'),
        question: 'ed_frequency',
        reason:
          'You have told us you do not have difficulty getting or keeping an erection, so erectile dysfunction treatment would not help you and we cannot prescribe it.',
      },
      {
        id: 'recent-heart-attack-or-stroke',
        when: answered('ed_recent_cardiac_event', 'yes'),
        question: 'ed_recent_cardiac_event',
        reason:
          'Erectile dysfunction medicines are not safe within 6 months of a heart attack or stroke. Please speak to your GP or cardiologist, who can advise when treatment may be possible.',
      },
      {
        id: 'heart-not-fit-for-sex',
        when: answered('ed_exertion', 'yes'),
        question: 'ed_exertion',
        reason:
          'Sexual activity puts extra strain on the heart. Because of the symptoms you describe, your heart needs to be checked by your GP before erectile dysfunction treatment can be considered.',
      },
      {
        id: 'blood-pressure-uncontrolled',
        when: answered('ed_blood_pressure', 'high_uncontrolled'),
        question: 'ed_blood_pressure',
        reason:
          'Erectile dysfunction medicines are not safe when blood pressure is high and not under control. Please see your GP to get your blood pressure treated first.',
      },
      {
        id: 'blood-pressure-low',
        when: answered('ed_blood_pressure', 'low'),
        question: 'ed_blood_pressure',
        reason:
          'Erectile dysfunction medicines lower blood pressure and are not safe when it is already very low or you often feel faint. Please speak to your GP.',
      },
      {
        id: 'blood-pressure-unknown',
        when: answered('ed_blood_pressure', 'not_sure'),
        question: 'ed_blood_pressure',
        reason:
          'We need a blood pressure reading from the last 12 months before we can prescribe safely. Most pharmacies will check it for free; please come back once you know it.',
      },
      {
        id: 'nitrates',
        when: ticked('ed_medicines_taken', 'nitrates'),
        question: 'ed_medicines_taken',
        reason:
          'Sildenafil and tadalafil must never be taken with nitrates such as GTN or isosorbide, or with nicorandil: together they can cause a sudden, dangerous fall in blood pressure. Please speak to your GP or cardiologist.',
      },
      {
        id: 'poppers',
        when: ticked('ed_medicines_taken', 'poppers'),
        question: 'ed_medicines_taken',
        reason:
          "Poppers (amyl nitrite) taken with sildenafil or tadalafil can cause a sudden, dangerous fall in blood pressure, so we cannot prescribe these medicines while you use them.",
      },
      {
        id: 'riociguat',
        when: ticked('ed_medicines_taken', 'riociguat'),
        question: 'ed_medicines_taken',
        reason:
          'Riociguat must not be taken with sildenafil or tadalafil because together they can lower blood pressure dangerously. Please talk to your specialist team.',
      },
      {
        id: 'severe-liver-disease',
        when: ticked('ed_conditions', 'severe_liver_disease'),
        question: 'ed_conditions',
        reason:
          'Severe liver disease changes how these medicines are cleared from the body, so they cannot be prescribed safely online. Please speak to your GP or liver specialist.',
      },
      {
        id: 'eye-condition',
        when: ticked('ed_conditions', 'eye_condition'),
        question: 'ed_conditions',
        reason:
          'Erectile dysfunction medicines are not suitable for people with retinitis pigmentosa or who have lost sight from NAION, as they may harm your eyesight further. Please speak to your GP or eye specialist.',
      },
    ],
    products: [
      { code: 'SILDENAFIL' },
      // The tadalafil SmPC advises against combining it with doxazosin; a clinician starts alpha-blocker users on low-dose sildenafil instead.
      { code: 'TADALAFIL', when: { '!': ticked('ed_medicines_taken', 'alpha_blocker') } },
    ],
  },
};
