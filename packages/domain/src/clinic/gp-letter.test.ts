import { describe, expect, it } from 'vitest';
import { gpConsentReasonNeeded, recordedGpConsents, GP_CONSENT_WORDING } from './gp-consent';
import { GENERAL_MONITORING, gpLetterDelivery, gpLetterReason, monitoringFor } from './gp-letter';
import { pharmacyRegisterUrl, registerUrl, whoPrescribes, medicalDirectorOf, namedPrescriber, namedPrescriberLine, recordedPrescriber, DEMO_PRESCRIBERS } from './prescribers';

describe('the GP letter', () => {
  it('is written for a first prescription and for each change of dose, never for the same dose again', () => {
    expect(gpLetterReason(null, '0.25 mg')).toBe('first_prescription');
    expect(gpLetterReason('0.25 mg', '0.5 mg')).toBe('dose_change');
    expect(gpLetterReason('0.5 mg', '0.25 mg')).toBe('dose_change');
    expect(gpLetterReason('0.5 mg', '0.5 mg')).toBeNull();
    expect(gpLetterReason('0.5 mg ', '0.5 mg')).toBeNull();
  });

  it("is emailed when the practice's address is known, else posted", () => {
    expect(gpLetterDelivery('surgery@nhs.example')).toBe('email');
    expect(gpLetterDelivery(null)).toBe('post');
  });

  it('gives monitoring advice with a source for each line', () => {
    for (const code of ['WEGOVY', 'MOUNJARO', 'SILDENAFIL']) {
      for (const line of monitoringFor(code)) expect(line.source.trim()).not.toBe('');
    }
    expect(monitoringFor('SILDENAFIL')).toBe(GENERAL_MONITORING);
    expect(monitoringFor('MOUNJARO').map((line) => line.source)).toContain('Mounjaro SmPC 4.5');
  });
});

describe('GP consent', () => {
  it('needs a reason to prescribe without consent to inform the GP; no answer is no consent', () => {
    expect(gpConsentReasonNeeded(null)).toBe(true);
    expect(gpConsentReasonNeeded({ informGp: false })).toBe(true);
    expect(gpConsentReasonNeeded({ informGp: true })).toBe(false);
  });

  it('records each consent with its exact wording and the time', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(recordedGpConsents({ informGp: true, verifyHistory: false }, at)).toEqual([
      { kind: 'informGp', wording: GP_CONSENT_WORDING.informGp, given: true, at: '2026-11-23T10:00:00.000Z' },
      { kind: 'verifyHistory', wording: GP_CONSENT_WORDING.verifyHistory, given: false, at: '2026-11-23T10:00:00.000Z' },
    ]);
  });
});

describe('who prescribes', () => {
  it("links each registration to its register's entry, and refuses a number that is not one", () => {
    expect(registerUrl('GMC', '7012345')).toBe('https://www.gmc-uk.org/registrants/7012345');
    expect(registerUrl('GPhC', '2071234')).toBe('https://www.pharmacyregulation.org/registers/pharmacist/registrationnumber/2071234');
    expect(registerUrl('GPhC', '20712/../x')).toBeNull();
    expect(pharmacyRegisterUrl('9012345')).toBe('https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/9012345');
    expect(pharmacyRegisterUrl('901')).toBeNull();
  });

  it('names the medical director among the prescribers', () => {
    const page = whoPrescribes({ prescribers: DEMO_PRESCRIBERS, serviceName: 'S', serviceAddress: ['S', '1'], pharmacyName: 'P', pharmacyAddress: ['P', '1'], pharmacyGphcNumber: '9012345' });
    expect(medicalDirectorOf(page)).toMatchObject({ name: 'Dr Helen Marsh', registration: { body: 'GMC', number: '7123456' } });
    expect(medicalDirectorOf({ prescribers: page.prescribers.filter((entry) => entry.role === null) })).toBeNull();
  });

  it("names an approving prescriber with the profession 'Who prescribes' gives them, else their register's", () => {
    expect(namedPrescriber({ name: 'Dr Ana Patel', registration: 'GMC 7012345' }, DEMO_PRESCRIBERS)).toEqual({
      name: 'Dr Ana Patel',
      profession: 'Doctor (GP)',
      registration: { body: 'GMC', number: '7012345', url: 'https://www.gmc-uk.org/registrants/7012345' },
    });
    expect(namedPrescriber({ name: 'Sam Lee', registration: 'GPhC 2099999' }, DEMO_PRESCRIBERS).profession).toBe('Pharmacist independent prescriber');
    expect(namedPrescriber({ name: 'Dr Lee', registration: 'GMC 7099999' }, []).profession).toBe('Doctor');
    expect(namedPrescriber({ name: 'Someone', registration: null }, DEMO_PRESCRIBERS)).toEqual({ name: 'Someone', profession: 'Prescriber', registration: null });
    expect(namedPrescriberLine(namedPrescriber({ name: 'Priya Shah', registration: 'GPhC 2071234' }, DEMO_PRESCRIBERS))).toBe('Priya Shah, Pharmacist independent prescriber, GPhC 2071234');
    expect(recordedPrescriber({ prescriber: { name: 'Dr Ana Patel', registration: 'GMC 7012345' } })).toEqual({ name: 'Dr Ana Patel', registration: 'GMC 7012345' });
    expect(recordedPrescriber({ pharmacist: { name: 'Sam' } })).toBeNull();
  });
});
