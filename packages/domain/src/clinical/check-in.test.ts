import { describe, expect, it } from 'vitest';
import { measurementAnswer } from '../measurements/answer';
import { assessCheckIn, CHECK_IN_RULES, checkInPatientMessages, missedDosesCount, type CheckInContext } from './check-in';
import { TIRZEPATIDE_CONTRACEPTION_COUNSELLING } from './contraception';

const TODAY = '2026-06-15';
/** 200 cm tall, so the weight is exactly what is typed. */
const weighs = (kg: number) => measurementAnswer({ weightUnit: 'kg', heightUnit: 'cm', fields: { kg: String(kg), cm: '200' } });
const well = { ci_bmi: weighs(90), ci_side_effects: ['none'], ci_pregnancy: 'no', ci_breastfeeding: 'no', ci_new_medicines: ['none'], ci_getting_on: 'well', ci_missed_doses_count: 0 };
const titrating: CheckInContext = { today: TODAY, initialWeightKg: 100, maintenanceDoseSince: null, onTirzepatide: false };
const ruleIds = (outcome: ReturnType<typeof assess>) => outcome.triggeredRules.map((rule) => rule.ruleId);
const assess = (changes: Record<string, unknown> = {}, context: CheckInContext = titrating) => assessCheckIn({ ...well, ...changes }, context);

describe('assessCheckIn', () => {
  it('continues a patient who is well', () => {
    expect(assess()).toEqual({ supply: 'continue', patientMessage: null, urgentReview: false, niceStoppingRule: false, triggeredRules: [] });
  });

  it('common side effects alone change nothing', () => {
    expect(assess({ ci_side_effects: ['nausea', 'vomiting', 'diarrhoea', 'constipation'] }).supply).toBe('continue');
  });

  it('severe or persistent stomach pain (possible pancreatitis) stops the supply and tells the patient to seek care', () => {
    const outcome = assess({ ci_side_effects: ['nausea', 'severe_stomach_pain'] });
    expect(outcome.supply).toBe('stop');
    expect(outcome.patientMessage).toBe(CHECK_IN_RULES.possiblePancreatitis.patientMessage);
    expect(outcome.patientMessage).toContain('NHS 111');
    expect(outcome.triggeredRules).toEqual([
      expect.objectContaining({ ruleId: 'check-in-possible-pancreatitis', level: 'urgent', questionIds: ['ci_side_effects'], source: CHECK_IN_RULES.possiblePancreatitis.source }),
    ]);
  });

  it.each([
    ['pregnant', CHECK_IN_RULES.pregnant],
    ['planning', CHECK_IN_RULES.planningPregnancy],
  ])('a pregnancy (%s) stops the supply', (answer, rule) => {
    const outcome = assess({ ci_pregnancy: answer });
    expect(outcome.supply).toBe('stop');
    expect(outcome.patientMessage).toBe(rule.patientMessage);
    expect(outcome.triggeredRules.map((triggered) => triggered.ruleId)).toEqual([rule.id]);
  });

  it.each(['no', 'not_applicable'])('pregnancy answer %s continues', (answer) => {
    expect(assess({ ci_pregnancy: answer }).supply).toBe('continue');
  });

  it('low mood or thoughts of self-harm flag an urgent review without stopping the supply, and point to support', () => {
    const outcome = assess({ ci_side_effects: ['low_mood'] });
    expect(outcome).toMatchObject({ supply: 'continue', urgentReview: true, niceStoppingRule: false });
    expect(outcome.patientMessage).toContain('Samaritans');
  });

  it('several rules at once: every message, stop wins', () => {
    const outcome = assess({ ci_side_effects: ['severe_stomach_pain', 'low_mood'], ci_pregnancy: 'pregnant' });
    expect(outcome.supply).toBe('stop');
    expect(outcome.urgentReview).toBe(true);
    expect(outcome.triggeredRules.map((rule) => rule.ruleId)).toEqual(['check-in-possible-pancreatitis', 'check-in-pregnant', 'check-in-low-mood']);
    expect(outcome.patientMessage!.split('\n\n')).toHaveLength(3);
  });

  describe('possible gallbladder disease (Mounjaro SmPC 4.4; Wegovy SmPC 4.4, 4.8)', () => {
    it.each([['right_upper_pain'], ['yellow_skin_eyes']])('%s holds the supply and needs a clinician', (answer) => {
      const outcome = assess({ ci_side_effects: ['nausea', answer] });
      expect(outcome).toMatchObject({ supply: 'stop', urgentReview: false, patientMessage: CHECK_IN_RULES.possibleGallbladderDisease.patientMessage });
      expect(outcome.triggeredRules).toEqual([
        expect.objectContaining({ ruleId: 'check-in-possible-gallbladder-disease', level: 'urgent', questionIds: ['ci_side_effects'], source: CHECK_IN_RULES.possibleGallbladderDisease.source }),
      ]);
      expect(outcome.patientMessage).toContain('NHS 111');
    });

    it('both signs together are one rule; stomach pain elsewhere is the pancreatitis rule, not this one', () => {
      expect(ruleIds(assess({ ci_side_effects: ['right_upper_pain', 'yellow_skin_eyes'] }))).toEqual(['check-in-possible-gallbladder-disease']);
      expect(ruleIds(assess({ ci_side_effects: ['severe_stomach_pain'] }))).toEqual(['check-in-possible-pancreatitis']);
    });
  });

  describe('severe vomiting or diarrhoea, or dehydration (SmPC 4.4: acute kidney injury)', () => {
    it.each([['severe_vomiting_diarrhoea'], ['dehydration']])('%s needs a clinician today without holding the supply', (answer) => {
      const outcome = assess({ ci_side_effects: [answer] });
      expect(outcome).toMatchObject({ supply: 'continue', urgentReview: true, patientMessage: CHECK_IN_RULES.severeVomitingOrDehydration.patientMessage });
      expect(outcome.triggeredRules).toEqual([expect.objectContaining({ ruleId: 'check-in-severe-vomiting-or-dehydration', level: 'urgent', source: CHECK_IN_RULES.severeVomitingOrDehydration.source })]);
    });

    it('ordinary vomiting and diarrhoea (the common side effects) do not', () => {
      expect(assess({ ci_side_effects: ['vomiting', 'diarrhoea'] })).toMatchObject({ urgentReview: false, triggeredRules: [] });
    });
  });

  describe('breastfeeding (SmPC 4.6)', () => {
    it('yes holds the supply', () => {
      const outcome = assess({ ci_breastfeeding: 'yes' });
      expect(outcome).toMatchObject({ supply: 'stop', patientMessage: CHECK_IN_RULES.breastfeeding.patientMessage });
      expect(outcome.triggeredRules).toEqual([expect.objectContaining({ ruleId: 'check-in-breastfeeding', level: 'urgent', questionIds: ['ci_breastfeeding'], source: CHECK_IN_RULES.breastfeeding.source })]);
    });

    it.each(['no', 'not_applicable'])('%s continues', (answer) => {
      expect(assess({ ci_breastfeeding: answer })).toMatchObject({ supply: 'continue', triggeredRules: [] });
    });
  });

  describe('newly started insulin or a sulfonylurea (SmPC 4.4, 4.5: hypoglycaemia)', () => {
    it.each([[['insulin']], [['sulfonylurea']], [['insulin', 'sulfonylurea', 'other']]])('%j asks a clinician to review, the supply goes on', (medicines) => {
      const outcome = assess({ ci_new_medicines: medicines });
      expect(outcome).toMatchObject({ supply: 'continue', urgentReview: true, patientMessage: CHECK_IN_RULES.hypoglycaemiaRisk.patientMessage });
      expect(outcome.triggeredRules).toEqual([expect.objectContaining({ ruleId: 'check-in-hypoglycaemia-risk', level: 'urgent', questionIds: ['ci_new_medicines'], source: CHECK_IN_RULES.hypoglycaemiaRisk.source })]);
    });

    it.each([[['other']], [['none']]])('%j asks nothing', (medicines) => {
      expect(assess({ ci_new_medicines: medicines })).toMatchObject({ urgentReview: false, triggeredRules: [] });
    });
  });

  describe('a newly started oral contraceptive (MHRA Drug Safety Update, June 2025)', () => {
    const onMounjaro: CheckInContext = { ...titrating, onTirzepatide: true };

    it('on tirzepatide, tells the contraception counselling again, for the prescriber to see, without a hold or a call', () => {
      const outcome = assess({ ci_new_medicines: ['oral_contraceptive'] }, onMounjaro);
      expect(outcome).toMatchObject({ supply: 'continue', urgentReview: false });
      expect(outcome.patientMessage).toBe(TIRZEPATIDE_CONTRACEPTION_COUNSELLING.paragraphs.join('\n\n'));
      expect(outcome.patientMessage).toContain('barrier method');
      expect(outcome.triggeredRules).toEqual([expect.objectContaining({ ruleId: 'check-in-tirzepatide-oral-contraceptive', level: 'counselling', source: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.source })]);
    });

    it('on semaglutide, or on tirzepatide without the pill, tells nothing', () => {
      expect(assess({ ci_new_medicines: ['oral_contraceptive'] })).toMatchObject({ patientMessage: null, triggeredRules: [] });
      expect(assess({ ci_new_medicines: ['other'] }, onMounjaro)).toMatchObject({ patientMessage: null, triggeredRules: [] });
    });
  });

  describe('contraception, asked of those who could become pregnant (MHRA Drug Safety Update, June 2025; SmPC 4.6)', () => {
    it('none: the patient is told to use effective contraception and the prescriber reviews the renewal, with no hold or call', () => {
      const outcome = assess({ ci_pregnancy: 'no', ci_contraception: ['none'] });
      expect(outcome).toMatchObject({ supply: 'continue', urgentReview: false, niceStoppingRule: false, patientMessage: CHECK_IN_RULES.noContraception.patientMessage });
      expect(outcome.patientMessage).toContain('must not be used in pregnancy');
      expect(outcome.triggeredRules).toEqual([
        expect.objectContaining({ ruleId: 'check-in-no-contraception', level: 'review', questionIds: ['ci_contraception'], source: expect.stringContaining('MHRA Drug Safety Update, June 2025') }),
      ]);
      expect(CHECK_IN_RULES.noContraception.source).toMatch(/Wegovy SmPC 4\.6.*Mounjaro SmPC 4\.6/);
    });

    it.each([[['long_acting']], [['pill']], [['pill', 'barrier']], [['patch_ring']], [['barrier']], [['sterilisation']]])('a method (%j) is the boundary: nothing follows', (methods) => {
      expect(assess({ ci_pregnancy: 'no', ci_contraception: methods })).toMatchObject({ supply: 'continue', patientMessage: null, triggeredRules: [] });
    });

    it('not asked (the pregnancy question not applicable) tells nothing', () => {
      expect(assess({ ci_pregnancy: 'not_applicable' })).toMatchObject({ patientMessage: null, triggeredRules: [] });
    });

    it('keeps CHECK_IN_RULES\' order with the other rules, for the messages told later', () => {
      const outcome = assess({ ci_contraception: ['none'], ci_side_effects: ['low_mood'], ci_new_medicines: ['oral_contraceptive'] }, { ...titrating, onTirzepatide: true });
      expect(ruleIds(outcome)).toEqual(['check-in-tirzepatide-oral-contraceptive', 'check-in-no-contraception', 'check-in-low-mood']);
      expect(checkInPatientMessages(ruleIds(outcome)).join('\n\n')).toBe(outcome.patientMessage);
    });
  });

  describe('NICE stopping rule: under 5% of the initial weight lost after 6 months on the maintenance dose', () => {
    const maintenance = (since: string): CheckInContext => ({ today: TODAY, initialWeightKg: 100, maintenanceDoseSince: since, onTirzepatide: false });

    it('flags 95.1 kg (4.9% lost) six months to the day after reaching maintenance', () => {
      const outcome = assess({ ci_bmi: weighs(95.1) }, maintenance('2025-12-15'));
      expect(outcome).toMatchObject({ supply: 'continue', niceStoppingRule: true, urgentReview: false, patientMessage: null });
      expect(outcome.triggeredRules).toEqual([expect.objectContaining({ ruleId: 'check-in-nice-stopping-rule', level: 'review', source: 'NICE TA875 1.2 (semaglutide); NICE TA1026 1.2 (tirzepatide)' })]);
    });

    it('does not flag 95 kg (exactly 5% lost)', () => {
      expect(assess({ ci_bmi: weighs(95) }, maintenance('2025-12-15')).niceStoppingRule).toBe(false);
    });

    it('does not flag a day before the 6 months are up', () => {
      expect(assess({ ci_bmi: weighs(99) }, maintenance('2025-12-16')).niceStoppingRule).toBe(false);
    });

    it('does not flag while the patient is still titrating, or without an initial weight', () => {
      expect(assess({ ci_bmi: weighs(99) }).niceStoppingRule).toBe(false);
      expect(assess({ ci_bmi: weighs(99) }, { ...maintenance('2025-01-01'), initialWeightKg: null }).niceStoppingRule).toBe(false);
    });

    it('counts months on the calendar: maintenance from 31 August is reviewed from 28 February', () => {
      const since = { ...maintenance('2025-08-31') };
      expect(assessCheckIn({ ...well, ci_bmi: weighs(99) }, { ...since, today: '2026-02-27' }).niceStoppingRule).toBe(false);
      expect(assessCheckIn({ ...well, ci_bmi: weighs(99) }, { ...since, today: '2026-02-28' }).niceStoppingRule).toBe(true);
    });
  });
});

describe('missedDosesCount (read by the renewal\'s re-titration)', () => {
  it.each([
    [0, 0],
    [3, 3],
  ])('reads %j as %d', (answer, count) => {
    expect(missedDosesCount({ ci_missed_doses_count: answer })).toBe(count);
  });

  it.each([[undefined], [-1], [1.5], ['2'], [null]])('reads %j as unknown', (answer) => {
    expect(missedDosesCount({ ci_missed_doses_count: answer })).toBeNull();
  });
});

describe('checkInPatientMessages (what a message sent later tells the patient)', () => {
  it('tells, from the rule ids kept, the same messages in the same order as the check-in did', () => {
    const outcome = assess({ ci_side_effects: ['low_mood', 'severe_stomach_pain'], ci_pregnancy: 'planning' });
    const told = checkInPatientMessages(outcome.triggeredRules.map((rule) => rule.ruleId));
    expect(told).toEqual([CHECK_IN_RULES.possiblePancreatitis.patientMessage, CHECK_IN_RULES.planningPregnancy.patientMessage, CHECK_IN_RULES.lowMood.patientMessage]);
    expect(told.join('\n\n')).toBe(outcome.patientMessage);
  });

  it('keeps the check-in\'s order with every new rule held at once', () => {
    const outcome = assess(
      { ci_side_effects: ['low_mood', 'dehydration', 'yellow_skin_eyes', 'severe_stomach_pain'], ci_breastfeeding: 'yes', ci_pregnancy: 'pregnant', ci_new_medicines: ['oral_contraceptive', 'insulin'] },
      { ...titrating, onTirzepatide: true },
    );
    expect(outcome.supply).toBe('stop');
    expect(ruleIds(outcome)).toEqual([
      'check-in-possible-pancreatitis',
      'check-in-pregnant',
      'check-in-possible-gallbladder-disease',
      'check-in-breastfeeding',
      'check-in-severe-vomiting-or-dehydration',
      'check-in-hypoglycaemia-risk',
      'check-in-tirzepatide-oral-contraceptive',
      'check-in-low-mood',
    ]);
    expect(checkInPatientMessages(ruleIds(outcome)).join('\n\n')).toBe(outcome.patientMessage);
  });

  it('tells nothing for the NICE stopping rule (the prescriber decides) or an unknown id', () => {
    expect(checkInPatientMessages([CHECK_IN_RULES.niceStoppingRule.id, 'no-such-rule'])).toEqual([]);
  });
});
