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
          id: 'ed_heart_conditions',
          type: 'multichoice',
          question: 'Do you have any of these heart conditions?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'heart_failure', text: 'Heart failure' },
            { value: 'arrhythmia', text: 'An irregular or abnormal heart rhythm (arrhythmia), such as atrial fibrillation, that is not under control' },
            { value: 'unstable_angina', text: 'Angina (chest pain) that comes on at rest or during sex, or is getting worse or more frequent' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
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
            { value: 'pde5_pulmonary_hypertension', text: 'Sildenafil (Revatio) or tadalafil (Adcirca) for pulmonary hypertension' },
            { value: 'ritonavir', text: 'HIV medicines boosted with ritonavir or cobicistat' },
            {
              value: 'strong_cyp3a4_inhibitor',
              text: 'Itraconazole or ketoconazole (antifungals), or clarithromycin (an antibiotic)',
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
            { value: 'moderate_liver_disease', text: 'Mild or moderate liver disease, such as fatty liver or hepatitis' },
            { value: 'severe_kidney_disease', text: 'Severe kidney disease (creatinine clearance or eGFR below 30), or kidney dialysis' },
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
        source: 'Viagra (sildenafil) SmPC 4.1; Cialis (tadalafil) SmPC 4.1 and 4.2',
        rationale: 'Licensed for erectile dysfunction in adult men only; not for use by women.',
        when: answered('ed_sex', 'female'),
        question: 'ed_sex',
        reason:
          'Our erectile dysfunction treatments are licensed only for men, so we cannot prescribe them to you. Your GP can talk to you about sexual health concerns.',
      },
      {
        id: 'under-18',
        source: 'Viagra SmPC 4.2; Cialis SmPC 4.2 (not for use under 18)',
        rationale: 'Neither medicine is indicated for people under 18.',
        when: { '<': [{ var: 'facts.age' }, 18] },
        question: 'ed_dob',
        reason: 'Erectile dysfunction treatment is only prescribed to adults aged 18 or over. Please speak to your GP.',
      },
      {
        id: 'over-85',
        source: 'Clinic policy',
        rationale: 'From 85 the cardiovascular and falls risks of a blood-pressure-lowering medicine need an in-person assessment.',
        when: { '>': [{ var: 'facts.age' }, 85] },
        question: 'ed_dob',
        reason:
          'We can only prescribe erectile dysfunction treatment online to men aged 18 to 85. Your GP can assess you in person and discuss safe options.',
      },
      {
        id: 'no-symptoms',
        source: 'Viagra SmPC 4.1; Cialis SmPC 4.1 (indication: erectile dysfunction)',
        rationale: 'Without erectile dysfunction there is no licensed indication.',
        when: answered('ed_frequency', 'never'),
        question: 'ed_frequency',
        reason:
          'You have told us you do not have difficulty getting or keeping an erection, so erectile dysfunction treatment would not help you and we cannot prescribe it.',
      },
      {
        id: 'recent-heart-attack-or-stroke',
        source: 'Viagra SmPC 4.3 (recent stroke or myocardial infarction); Cialis SmPC 4.3 (myocardial infarction within 90 days, stroke within 6 months)',
        rationale: 'Safety has not been studied in these patients and the vasodilator effect is a risk after a recent event.',
        when: answered('ed_recent_cardiac_event', 'yes'),
        question: 'ed_recent_cardiac_event',
        reason:
          'Erectile dysfunction medicines are not safe within 6 months of a heart attack or stroke. Please speak to your GP or cardiologist, who can advise when treatment may be possible.',
      },
      {
        id: 'heart-not-fit-for-sex',
        source: 'Viagra SmPC 4.3 and 4.4; Cialis SmPC 4.3 (patients for whom sexual activity is inadvisable)',
        rationale: 'Sexual activity carries a cardiac risk; men advised against it, or with angina on exertion, must not be treated.',
        when: answered('ed_exertion', 'yes'),
        question: 'ed_exertion',
        reason:
          'Sexual activity puts extra strain on the heart. Because of the symptoms you describe, your heart needs to be checked by your GP before erectile dysfunction treatment can be considered.',
      },
      {
        id: 'heart-failure',
        source: 'Cialis SmPC 4.3 (heart failure NYHA class 2 or more in the last 6 months); Viagra SmPC 4.3 (severe cardiac failure: sexual activity inadvisable)',
        rationale: 'Tadalafil is contraindicated in heart failure of NYHA class 2 or more; sildenafil in patients for whom sexual activity is inadvisable, such as severe cardiac failure. The class cannot be judged online.',
        when: ticked('ed_heart_conditions', 'heart_failure'),
        question: 'ed_heart_conditions',
        reason:
          'Erectile dysfunction medicines are not safe for everyone with heart failure, and sex puts extra strain on the heart. Please speak to your GP or heart specialist, who can check whether treatment is right for you.',
      },
      {
        id: 'uncontrolled-arrhythmia',
        source: 'Cialis SmPC 4.3 (uncontrolled arrhythmias); Viagra SmPC 4.3 and 4.4 (severe cardiovascular disorders; life-threatening arrhythmias not studied)',
        rationale: 'Uncontrolled arrhythmia is a contraindication for tadalafil; sildenafil has not been studied in life-threatening arrhythmias and sexual activity may be inadvisable.',
        when: ticked('ed_heart_conditions', 'arrhythmia'),
        question: 'ed_heart_conditions',
        reason:
          'Erectile dysfunction medicines are not safe when an irregular heart rhythm is not under control. Please speak to your GP or heart specialist first.',
      },
      {
        id: 'unstable-angina',
        source: 'Cialis SmPC 4.3 (unstable angina or angina during sexual intercourse); Viagra SmPC 4.3 (unstable angina: sexual activity inadvisable)',
        rationale: 'Unstable angina, or angina during intercourse, is a contraindication for both medicines.',
        when: ticked('ed_heart_conditions', 'unstable_angina'),
        question: 'ed_heart_conditions',
        reason:
          'Chest pain that comes on at rest, during sex, or is getting worse needs your heart checked before erectile dysfunction treatment. Please speak to your GP, or call 999 if you have chest pain now.',
      },
      {
        id: 'blood-pressure-uncontrolled',
        source: 'Cialis SmPC 4.3 (uncontrolled hypertension); Viagra SmPC 4.4',
        rationale: 'Uncontrolled hypertension is a contraindication for tadalafil and needs treating before either medicine.',
        when: answered('ed_blood_pressure', 'high_uncontrolled'),
        question: 'ed_blood_pressure',
        reason:
          'Erectile dysfunction medicines are not safe when blood pressure is high and not under control. Please see your GP to get your blood pressure treated first.',
      },
      {
        id: 'blood-pressure-low',
        source: 'Viagra SmPC 4.3 (hypotension below 90/50); Cialis SmPC 4.3',
        rationale: 'Both medicines lower blood pressure; hypotension below 90/50 is a contraindication.',
        when: answered('ed_blood_pressure', 'low'),
        question: 'ed_blood_pressure',
        reason:
          'Erectile dysfunction medicines lower blood pressure and are not safe when it is already very low or you often feel faint. Please speak to your GP.',
      },
      {
        id: 'blood-pressure-unknown',
        source: 'Clinic policy; GPhC distance-selling guidance (information needed to prescribe safely)',
        rationale: 'Without a reading from the last 12 months the hypotension and uncontrolled hypertension contraindications cannot be excluded.',
        when: answered('ed_blood_pressure', 'not_sure'),
        question: 'ed_blood_pressure',
        reason:
          'We need a blood pressure reading from the last 12 months before we can prescribe safely. Most pharmacies will check it for free; please come back once you know it.',
      },
      {
        id: 'nitrates',
        source: 'Viagra SmPC 4.3 and 4.5; Cialis SmPC 4.3 and 4.5 (nitrates and nitric oxide donors, including nicorandil)',
        rationale: 'PDE5 inhibitors potentiate the blood-pressure-lowering effect of nitrates: dangerous hypotension.',
        when: ticked('ed_medicines_taken', 'nitrates'),
        question: 'ed_medicines_taken',
        reason:
          'Sildenafil and tadalafil must never be taken with nitrates such as GTN or isosorbide, or with nicorandil: together they can cause a sudden, dangerous fall in blood pressure. Please speak to your GP or cardiologist.',
      },
      {
        id: 'poppers',
        source: 'Viagra SmPC 4.3; Cialis SmPC 4.3 (nitric oxide donors such as amyl nitrite)',
        rationale: 'Amyl nitrite is a nitric oxide donor; with a PDE5 inhibitor it can cause dangerous hypotension.',
        when: ticked('ed_medicines_taken', 'poppers'),
        question: 'ed_medicines_taken',
        reason:
          "Poppers (amyl nitrite) taken with sildenafil or tadalafil can cause a sudden, dangerous fall in blood pressure, so we cannot prescribe these medicines while you use them.",
      },
      {
        id: 'riociguat',
        source: 'Viagra SmPC 4.3; Cialis SmPC 4.3 (guanylate cyclase stimulators)',
        rationale: 'Riociguat with a PDE5 inhibitor may cause symptomatic hypotension.',
        when: ticked('ed_medicines_taken', 'riociguat'),
        question: 'ed_medicines_taken',
        reason:
          'Riociguat must not be taken with sildenafil or tadalafil because together they can lower blood pressure dangerously. Please talk to your specialist team.',
      },
      {
        id: 'severe-liver-disease',
        source: 'Viagra SmPC 4.3 (severe hepatic impairment); Cialis SmPC 4.2 and 4.4',
        rationale: 'Safety is not established in severe hepatic impairment; sildenafil is contraindicated in it.',
        when: ticked('ed_conditions', 'severe_liver_disease'),
        question: 'ed_conditions',
        reason:
          'Severe liver disease changes how these medicines are cleared from the body, so they cannot be prescribed safely online. Please speak to your GP or liver specialist.',
      },
      {
        id: 'eye-condition',
        source: 'Viagra SmPC 4.3; Cialis SmPC 4.3 (NAION; hereditary degenerative retinal disorders)',
        rationale: 'Loss of vision from NAION and hereditary retinal disorders such as retinitis pigmentosa are contraindications.',
        when: ticked('ed_conditions', 'eye_condition'),
        question: 'ed_conditions',
        reason:
          'Erectile dysfunction medicines are not suitable for people with retinitis pigmentosa or who have lost sight from NAION, as they may harm your eyesight further. Please speak to your GP or eye specialist.',
      },
      {
        id: 'pde5-for-pulmonary-hypertension',
        when: ticked('ed_medicines_taken', 'pde5_pulmonary_hypertension'),
        question: 'ed_medicines_taken',
        source: 'Viagra SmPC 4.4; Cialis SmPC 4.4 (combination with other PDE5 inhibitors not recommended)',
        rationale: 'A second PDE5 inhibitor on top of one for pulmonary arterial hypertension doubles the effect on blood pressure and has not been studied.',
        reason:
          'You already take sildenafil or tadalafil for pulmonary hypertension, so another erectile dysfunction tablet of the same kind is not safe. Please talk to your pulmonary hypertension team.',
      },
    ],
    products: [
      {
        code: 'SILDENAFIL',
        when: { '!': ticked('ed_medicines_taken', 'ritonavir') },
        summary: 'Sildenafil withheld: takes ritonavir or cobicistat',
        source: 'Viagra SmPC 4.2 and 4.5 (co-administration with ritonavir not advised)',
        rationale: 'Ritonavir raises sildenafil exposure about elevenfold; co-administration is not advised.',
      },
      {
        code: 'TADALAFIL',
        when: { '!': ticked('ed_medicines_taken', 'alpha_blocker') },
        summary: 'Tadalafil withheld: takes an alpha-blocker (sildenafil 25 mg offered instead)',
        source: 'Cialis SmPC 4.4 and 4.5 (doxazosin)',
        rationale: 'Tadalafil with doxazosin can cause marked hypotension; online, alpha-blocker users start on low-dose sildenafil instead.',
      },
    ],
    doses: [
      {
        id: 'sildenafil-alpha-blocker-25mg',
        product: 'SILDENAFIL',
        when: ticked('ed_medicines_taken', 'alpha_blocker'),
        variants: ['SILDENAFIL-25MG-8'],
        summary: 'Sildenafil 25 mg only: takes an alpha-blocker',
        source: 'Viagra SmPC 4.2 and 4.4 (start at 25 mg with alpha-blockers)',
        rationale: 'Alpha-blockers and sildenafil both lower blood pressure; starting at 25 mg limits symptomatic postural hypotension.',
      },
      {
        id: 'sildenafil-severe-kidney-25mg',
        product: 'SILDENAFIL',
        when: ticked('ed_conditions', 'severe_kidney_disease'),
        variants: ['SILDENAFIL-25MG-8'],
        summary: 'Sildenafil 25 mg to start: creatinine clearance below 30',
        source: 'Viagra SmPC 4.2 (severe renal impairment: starting dose 25 mg)',
        rationale: 'Clearance of sildenafil is reduced when creatinine clearance is below 30 ml/min.',
      },
      {
        id: 'tadalafil-severe-kidney-on-demand-10mg',
        product: 'TADALAFIL',
        when: ticked('ed_conditions', 'severe_kidney_disease'),
        variants: ['TADALAFIL-10MG-8'],
        summary: 'Tadalafil 10 mg on demand only, no daily dosing: creatinine clearance below 30',
        source: 'Cialis SmPC 4.2 (severe renal impairment: 10 mg maximum; once-a-day dosing not recommended)',
        rationale: 'Tadalafil exposure roughly doubles in severe renal impairment; daily dosing is not recommended below a creatinine clearance of 30.',
      },
      {
        id: 'sildenafil-liver-25mg',
        product: 'SILDENAFIL',
        when: ticked('ed_conditions', 'moderate_liver_disease'),
        variants: ['SILDENAFIL-25MG-8'],
        summary: 'Sildenafil 25 mg to start: liver impairment',
        source: 'Viagra SmPC 4.2 (hepatic impairment: starting dose 25 mg)',
        rationale: 'Sildenafil clearance is reduced in hepatic impairment such as cirrhosis.',
      },
      {
        id: 'tadalafil-liver-on-demand-10mg',
        product: 'TADALAFIL',
        when: ticked('ed_conditions', 'moderate_liver_disease'),
        variants: ['TADALAFIL-10MG-8'],
        summary: 'Tadalafil 10 mg on demand only: liver impairment',
        source: 'Cialis SmPC 4.2 (mild to moderate hepatic impairment: 10 mg; once-a-day dosing not evaluated)',
        rationale: 'Limited data in hepatic impairment: the on-demand dose is capped at 10 mg and daily dosing has not been evaluated.',
      },
      {
        id: 'sildenafil-cyp3a4-25mg',
        product: 'SILDENAFIL',
        when: ticked('ed_medicines_taken', 'strong_cyp3a4_inhibitor'),
        variants: ['SILDENAFIL-25MG-8'],
        summary: 'Sildenafil 25 mg to start: takes a strong CYP3A4 inhibitor',
        source: 'Viagra SmPC 4.2 and 4.5 (CYP3A4 inhibitors: consider a 25 mg starting dose)',
        rationale: 'Itraconazole, ketoconazole and clarithromycin inhibit CYP3A4 and raise sildenafil exposure.',
      },
      {
        id: 'tadalafil-cyp3a4-on-demand-10mg',
        product: 'TADALAFIL',
        when: { or: [ticked('ed_medicines_taken', 'strong_cyp3a4_inhibitor'), ticked('ed_medicines_taken', 'ritonavir')] },
        variants: ['TADALAFIL-10MG-8'],
        summary: 'Tadalafil 10 mg on demand only: takes a strong CYP3A4 inhibitor',
        source: 'Cialis SmPC 4.4 and 4.5 (potent CYP3A4 inhibitors such as ketoconazole and ritonavir)',
        rationale: 'Ketoconazole doubles and ritonavir more than doubles tadalafil exposure; the dose is kept low and the prescriber reviews.',
      },
    ],
    flags: [
      {
        id: 'cyp3a4-inhibitor-review',
        when: { or: [ticked('ed_medicines_taken', 'strong_cyp3a4_inhibitor'), ticked('ed_medicines_taken', 'ritonavir')] },
        question: 'ed_medicines_taken',
        level: 'review',
        summary: 'Takes a strong CYP3A4 inhibitor: confirm the course and the dose limit',
        source: 'Viagra SmPC 4.5; Cialis SmPC 4.5',
        rationale: 'A short antibiotic course may simply be finished first; a long-term antiretroviral needs the lower dose kept.',
      },
      {
        id: 'penile-deformity',
        when: ticked('ed_conditions', 'penile_condition'),
        question: 'ed_conditions',
        level: 'review',
        summary: "Peyronie's disease or penile deformity: use with caution",
        source: 'Viagra SmPC 4.4; Cialis SmPC 4.4 (anatomical deformation of the penis)',
        rationale: 'PDE5 inhibitors are used with caution where the penis is anatomically deformed.',
      },
      {
        id: 'priapism-risk',
        when: ticked('ed_conditions', 'priapism_risk'),
        question: 'ed_conditions',
        level: 'review',
        summary: 'Sickle cell anaemia, leukaemia or multiple myeloma: priapism risk, counsel',
        source: 'Viagra SmPC 4.4; Cialis SmPC 4.4 (conditions predisposing to priapism)',
        rationale: 'These conditions predispose to priapism; the patient must know to seek help for an erection lasting over 4 hours.',
      },
      {
        id: 'bleeding-or-ulcer',
        when: ticked('ed_conditions', 'bleeding'),
        question: 'ed_conditions',
        level: 'review',
        summary: 'Bleeding disorder or active peptic ulcer: benefit-risk assessment needed',
        source: 'Viagra SmPC 4.4 (bleeding disorders or active peptic ulceration)',
        rationale: 'Safety is not established in these patients; sildenafil is given only after a careful benefit-risk assessment.',
      },
      {
        id: 'diabetes-cardiovascular-risk',
        when: ticked('ed_conditions', 'diabetes'),
        question: 'ed_conditions',
        level: 'review',
        summary: 'Diabetes: check cardiovascular risk and that diabetes reviews are up to date',
        source: 'NICE CKS Erectile dysfunction (assessment: cardiovascular risk, diabetes)',
        rationale: 'Erectile dysfunction can be an early sign of cardiovascular disease, more so with diabetes; the prescriber checks for risk factors and may advise a GP review.',
      },
    ],
  },
};
