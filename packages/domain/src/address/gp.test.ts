import { describe, expect, it } from 'vitest';
import { gpDetailsSchema, gpPracticeSearchSchema, odsCodeSchema, organisationNameCase } from './gp';

describe('organisationNameCase', () => {
  it.each([
    ['THE PARK SURGERY', 'The Park Surgery'],
    ["ST JOHN'S MEDICAL CENTRE", "St John's Medical Centre"],
    ['DR A SMITH & PARTNERS', 'Dr A Smith & Partners'],
    ['NHS WALK-IN CENTRE', 'NHS Walk-In Centre'],
  ])('%s → %s', (name, expected) => {
    expect(organisationNameCase(name)).toBe(expected);
  });
});

describe('GP details', () => {
  it('keeps an ODS code upper-cased, and refuses anything that is not one', () => {
    expect(odsCodeSchema.parse(' b86101 ')).toBe('B86101');
    expect(odsCodeSchema.safeParse('B8').success).toBe(false);
    expect(odsCodeSchema.safeParse('B86101; drop').success).toBe(false);
    const typed = { practiceName: 'Park Surgery', addressLine1: '1 Park Road', cityOrTown: 'Leeds', postCode: 'LS6 2AA' };
    expect(gpDetailsSchema.parse(typed)).not.toHaveProperty('odsCode');
    expect(gpDetailsSchema.parse({ ...typed, odsCode: 'b86101' }).odsCode).toBe('B86101');
  });

  it('searches with at least 3 characters of a name', () => {
    expect(gpPracticeSearchSchema.safeParse({ name: ' pa ' }).error?.issues[0]?.message).toBe("Enter at least 3 letters of your practice's name");
    expect(gpPracticeSearchSchema.parse({ name: ' park ' })).toEqual({ name: 'park' });
  });
});
