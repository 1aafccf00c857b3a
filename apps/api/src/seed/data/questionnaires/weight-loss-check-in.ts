import type { QuestionnaireInput } from '@elmwood/domain';

/** Slug of the check-in a patient on weight-loss treatment answers before each renewal. */
export const WEIGHT_LOSS_CHECK_IN_SLUG = 'weight-loss-check-in';

/**
 * The pharmacist's check-in before each renewal: today's weight (so the clinician sees progress and BMI), side
 * effects (with the red flags of pancreatitis, gallbladder disease and dehydration), pregnancy, contraception for those
 * who could become pregnant, and breastfeeding,
 * newly started medicines (insulin, a sulfonylurea, the pill), doses missed, and how the patient is getting on. It recommends nothing: the answers go to the clinical
 * team, who decide on the renewal, so it has no knock-outs and lists the treatments it follows up. The safety
 * rules that judge its answers (stop the supply, urgent review, NICE stopping rule) are `assessCheckIn` in
 * packages/domain/src/clinical/check-in.ts, which reads the question ids in CHECK_IN_QUESTIONS.
 */
export const weightLossCheckInQuestionnaire: QuestionnaireInput = {
  questionnaireId: 101,
  slug: WEIGHT_LOSS_CHECK_IN_SLUG,
  title: 'Weight loss check-in',
  taxon: 'weight-loss',
  kind: 'follow-up',
  steps: [
    {
      id: 'check-in-measurements',
      name: 'Your weight today',
      questions: [
        {
          id: 'ci_bmi',
          type: 'BmiType',
          question: 'What is your height and weight today?',
          note: 'Weigh yourself in the morning, before breakfast, for the most reliable reading.',
          question_info_details: {
            bottomInfo: { icon: 'lock', text: 'Your answers are confidential and are only seen by our clinical team.', type: 'info' },
          },
        },
      ],
    },
    {
      id: 'check-in-side-effects',
      name: 'Side effects',
      questions: [
        {
          id: 'ci_side_effects',
          type: 'multichoice',
          question: 'Have you had any of these since your last delivery?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'nausea', text: 'Feeling sick (nausea)' },
            { value: 'vomiting', text: 'Being sick (vomiting)' },
            { value: 'diarrhoea', text: 'Diarrhoea' },
            { value: 'constipation', text: 'Constipation' },
            { value: 'severe_stomach_pain', text: 'Severe stomach pain that does not go away' },
            { value: 'right_upper_pain', text: 'Pain in the upper right side of your tummy' },
            { value: 'yellow_skin_eyes', text: 'Yellowing of your skin or the whites of your eyes' },
            { value: 'severe_vomiting_diarrhoea', text: 'Being sick or diarrhoea so bad you cannot keep fluids down' },
            { value: 'dehydration', text: 'Signs of dehydration: very thirsty, dizzy or light-headed, or passing little or dark urine' },
            { value: 'low_mood', text: 'Low mood or thoughts of harming yourself' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'ci_side_effects_details',
          type: 'textarea',
          question: 'Tell us more about these side effects',
          note: 'When they started, how often, and how much they affect your day.',
          optional: true,
          showWhen: { none: [{ var: 'answers.ci_side_effects' }, { '==': [{ var: '' }, 'none'] }] },
        },
      ],
    },
    {
      id: 'check-in-progress',
      name: 'How you are getting on',
      questions: [
        {
          id: 'ci_getting_on',
          type: 'choice',
          question: 'How are you getting on with your treatment?',
          answers: [
            { value: 'well', text: 'Well, I am happy with my progress' },
            { value: 'okay', text: 'Okay, but I have some questions' },
            { value: 'struggling', text: 'I am struggling' },
          ],
        },
        {
          id: 'ci_pregnancy',
          type: 'choice',
          question: 'Are you pregnant, or planning a pregnancy?',
          note: 'Weight-loss injections must be stopped in pregnancy, and at least 2 months before trying for a baby. Choose ‘Not applicable to me’ if you cannot become pregnant.',
          answers: [
            { value: 'pregnant', text: 'Yes, I am pregnant or might be' },
            { value: 'planning', text: 'I am planning a pregnancy' },
            { value: 'no', text: 'No' },
            { value: 'not_applicable', text: 'Not applicable to me' },
          ],
        },
        {
          // Asked of those who could become pregnant: the answer 'no' above (not pregnant, not planning one).
          id: 'ci_contraception',
          type: 'multichoice',
          question: 'Which contraception are you using?',
          note: 'Weight-loss injections must not be used in pregnancy, so anyone who could become pregnant needs effective contraception while taking them. Choose all that apply.',
          showWhen: { '==': [{ var: 'answers.ci_pregnancy' }, 'no'] },
          answers: [
            { value: 'long_acting', text: 'An implant, injection or coil (IUD or IUS)' },
            { value: 'pill', text: 'The contraceptive pill' },
            { value: 'patch_ring', text: 'A contraceptive patch or vaginal ring' },
            { value: 'barrier', text: 'Condoms or another barrier method' },
            { value: 'sterilisation', text: 'Sterilisation, or my partner has had a vasectomy' },
            { value: 'none', text: 'I am not using contraception', exclusive: true },
          ],
        },
        {
          id: 'ci_breastfeeding',
          type: 'choice',
          question: 'Are you breastfeeding?',
          note: 'Weight-loss injections should not be used while breastfeeding.',
          answers: [
            { value: 'yes', text: 'Yes' },
            { value: 'no', text: 'No' },
            { value: 'not_applicable', text: 'Not applicable to me' },
          ],
        },
        {
          id: 'ci_new_medicines',
          type: 'multichoice',
          question: 'Have you started any of these medicines since your last delivery?',
          note: 'Choose all that apply.',
          answers: [
            { value: 'insulin', text: 'Insulin' },
            { value: 'sulfonylurea', text: 'A sulfonylurea for diabetes, such as gliclazide, glimepiride or glibenclamide' },
            { value: 'oral_contraceptive', text: 'The contraceptive pill, or another contraceptive you take by mouth' },
            { value: 'other', text: 'Another medicine' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        {
          id: 'ci_new_medicines_details',
          type: 'textarea',
          question: 'Which medicines have you started, and when?',
          optional: true,
          showWhen: { none: [{ var: 'answers.ci_new_medicines' }, { '==': [{ var: '' }, 'none'] }] },
        },
        {
          id: 'ci_missed_doses_count',
          type: 'CountType',
          question: 'How many doses have you missed since your last delivery?',
          note: 'Enter 0 if you have not missed any. A missed dose is a weekly injection you did not take.',
        },
        {
          id: 'ci_notes',
          type: 'textarea',
          question: 'Is there anything else you would like your clinician to know?',
          optional: true,
          placeholder: 'For example: a change in your health, or a question about your dose',
        },
      ],
    },
  ],
  rules: {
    facts: {
      bmi: { question: 'ci_bmi', kind: 'bmi' },
      weight: { question: 'ci_bmi', kind: 'weightKg' },
      height: { question: 'ci_bmi', kind: 'heightCm' },
    },
    knockouts: [],
    products: [{ code: 'WEGOVY' }, { code: 'MOUNJARO' }],
  },
};
