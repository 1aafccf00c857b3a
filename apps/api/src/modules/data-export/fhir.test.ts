import { describe, expect, it } from 'vitest';
import { fhirProblems } from '../../../test/support/fhir-schema';
import { fhirBundle, type FhirRecordInput } from './fhir';

const record: FhirRecordInput = {
  exportedAt: '2026-11-29T09:00:00.000Z',
  patient: {
    uid: '6c1d1f0e-3f2a-4a43-9d55-0f1d2a3b4c5d',
    firstName: 'Alex',
    lastName: 'Smith',
    email: 'alex@example.com',
    phoneNumber: '07700 900123',
    birthday: '1985-04-12',
    address: { lines: ['1 Elm Street'], city: 'Leeds', postcode: 'LS1 4AP' },
  },
  measurements: [
    { key: 'consultation-1-weight', kind: 'weight', value: 100, at: '2026-10-01T10:00:00.000Z', reportedBy: 'patient' },
    { key: 'consultation-1-height', kind: 'height', value: 175, at: '2026-10-01T10:00:00.000Z', reportedBy: 'patient' },
    { key: 'consultation-1-bmi', kind: 'bmi', value: 32.7, at: '2026-10-01T10:00:00.000Z', reportedBy: 'patient' },
    { key: 'verification-1-weight', kind: 'weight', value: 99.5, at: '2026-10-02T11:00:00.000Z', reportedBy: 'clinic' },
  ],
  consultations: [
    {
      id: '0b7e6f1a-1111-4a43-9d55-0f1d2a3b4c5d',
      questionnaire: { slug: 'weight-loss', title: 'Weight loss consultation' },
      authored: '2026-10-01T10:00:00.000Z',
      items: [
        { linkId: 'wl_bmi', text: 'What is your height and weight?', answer: '100 kg · 175 cm · BMI 32.7' },
        { linkId: 'wl_conditions', text: 'Do you have any of these conditions?', answer: 'None of these' },
      ],
    },
  ],
  prescriptions: [
    { key: 'W000123-1', orderNumber: 'W000123', medication: 'Wegovy 0.25 mg', dmdCode: null, authoredOn: '2026-10-02T12:00:00.000Z', prescriber: { name: 'Dr Ana Patel', registration: 'GMC 7000001' }, status: 'completed', quantity: 1, dispensedAt: '2026-10-03T09:00:00.000Z' },
    { key: 'W000200-1', orderNumber: 'W000200', medication: 'Wegovy 0.5 mg', dmdCode: '12345611000001100', authoredOn: '2026-11-02T12:00:00.000Z', prescriber: null, status: 'active', quantity: 1, dispensedAt: null },
  ],
  appointments: [{ key: 'coach-1', description: 'Coach call with Sam Jones', start: '2026-10-10T09:00:00.000Z', end: '2026-10-10T09:20:00.000Z', status: 'fulfilled' }],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions read a resource's fields at any depth
type Entry = { fullUrl: string; resource: Record<string, any> };
const entries = () => (fhirBundle(record).entry as Entry[]);
const ofType = (type: string) => entries().filter((entry) => entry.resource.resourceType === type).map((entry) => entry.resource);

describe('the FHIR R4 Bundle of a patient’s record', () => {
  it('validates against the FHIR R4 JSON schema', () => {
    expect(fhirProblems(fhirBundle(record) as never)).toEqual([]);
    // The check can fail: a weight given as words, and a Bundle of a type FHIR does not have.
    const broken = fhirBundle(record) as { type: string; entry: Entry[] };
    broken.type = 'archive';
    broken.entry.find((entry) => entry.resource.resourceType === 'Observation')!.resource.valueQuantity.value = '100 kg';
    const problems = fhirProblems(broken as never);
    expect(problems.some((problem) => problem.startsWith('Bundle/type'))).toBe(true);
    expect(problems.some((problem) => problem.includes('Observation/valueQuantity/value'))).toBe(true);
  }, 60_000);

  it('is a collection of the patient, their measurements, consultations, prescriptions, supplies and calls', () => {
    const bundle = fhirBundle(record);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: record.exportedAt });
    const counts = Object.fromEntries(['Patient', 'Observation', 'Questionnaire', 'QuestionnaireResponse', 'MedicationRequest', 'MedicationDispense', 'Appointment'].map((type) => [type, ofType(type).length]));
    expect(counts).toEqual({ Patient: 1, Observation: 4, Questionnaire: 1, QuestionnaireResponse: 1, MedicationRequest: 2, MedicationDispense: 1, Appointment: 1 });
    expect(ofType('Patient')[0]).toMatchObject({ meta: { profile: ['https://fhir.hl7.org.uk/StructureDefinition/UKCore-Patient'] }, birthDate: '1985-04-12', name: [{ family: 'Smith', given: ['Alex'] }] });
  });

  it('codes weight, height and BMI with LOINC and SNOMED CT in UCUM units', () => {
    const [weight, height, bmi] = ofType('Observation');
    expect(weight).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }, { system: 'http://snomed.info/sct', code: '27113001' }] },
      valueQuantity: { value: 100, system: 'http://unitsofmeasure.org', code: 'kg' },
      category: [{ coding: [{ code: 'vital-signs' }] }],
    });
    expect(height).toMatchObject({ code: { coding: [{ system: 'http://loinc.org', code: '8302-2' }] }, valueQuantity: { value: 175, code: 'cm' } });
    expect(bmi).toMatchObject({ code: { coding: [{ code: '39156-5' }, { system: 'http://snomed.info/sct', code: '60621009' }] }, valueQuantity: { value: 32.7, code: 'kg/m2' } });
  });

  it('refers within the bundle: each resource to the patient, a supply to its prescription', () => {
    const byUrl = new Map(entries().map((entry) => [entry.fullUrl, entry.resource]));
    const patientUrl = entries().find((entry) => entry.resource.resourceType === 'Patient')!.fullUrl;
    for (const resource of [...ofType('Observation'), ...ofType('QuestionnaireResponse'), ...ofType('MedicationRequest'), ...ofType('MedicationDispense')]) {
      expect(resource.subject.reference).toBe(patientUrl);
    }
    const [dispense] = ofType('MedicationDispense');
    expect(byUrl.get(dispense!.authorizingPrescription[0].reference)).toMatchObject({ resourceType: 'MedicationRequest', medicationCodeableConcept: { text: 'Wegovy 0.25 mg' } });
    expect(ofType('Appointment')[0]!.participant[0].actor.reference).toBe(patientUrl);
  });

  it('names a medicine in words, with its dm+d code where the catalogue gives one', () => {
    const [first, second] = ofType('MedicationRequest');
    expect(first!.medicationCodeableConcept).toEqual({ text: 'Wegovy 0.25 mg' });
    expect(second!.medicationCodeableConcept).toEqual({ coding: [{ system: 'https://dmd.nhs.uk', code: '12345611000001100', display: 'Wegovy 0.5 mg' }], text: 'Wegovy 0.5 mg' });
    expect(first!.requester).toEqual({ display: 'Dr Ana Patel (GMC 7000001)' });
  });

  it('answers each question of a consultation in words, as it was asked', () => {
    const [response] = ofType('QuestionnaireResponse');
    expect(response!.item).toEqual([
      { linkId: 'wl_bmi', text: 'What is your height and weight?', answer: [{ valueString: '100 kg · 175 cm · BMI 32.7' }] },
      { linkId: 'wl_conditions', text: 'Do you have any of these conditions?', answer: [{ valueString: 'None of these' }] },
    ]);
    expect(response!.questionnaire).toBe(ofType('Questionnaire')[0]!.url);
  });

  it('gives the same ids for the same record, so two exports can be compared', () => {
    expect(entries().map((entry) => entry.fullUrl)).toEqual(entries().map((entry) => entry.fullUrl));
    expect(new Set(entries().map((entry) => entry.fullUrl)).size).toBe(entries().length);
  });
});
