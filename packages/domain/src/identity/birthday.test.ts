import { describe, expect, it } from 'vitest';
import { ageOn } from './age';
import { BIRTHDAY_PLACEHOLDER, birthdayError, formatBirthdayInput, parseBirthday } from './birthday';
import { birthdaySchema, isoBirthdaySchema } from './birthday-schema';

describe('formatBirthdayInput', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1203', '12/03'],
    ['12031', '12/03/1'],
    ['1203199', '12/03/199'],
    ['12031990', '12/03/1990'],
    ['120319901', '12/03/1990'],
    ['12/03/1990', '12/03/1990'],
    ['12/', '12'],
    ['12-03-1990', '12/03/1990'],
    ['ab12 cd03', '12/03'],
  ])('%j → %j', (raw, expected) => {
    expect(formatBirthdayInput(raw)).toBe(expected);
  });
  it('has the spec placeholder', () => {
    expect(BIRTHDAY_PLACEHOLDER).toBe('Date of birth (DD/MM/YYYY)');
  });
});

describe('parseBirthday', () => {
  it.each([
    ['12/03/1990', '1990-03-12'],
    ['12031990', '1990-03-12'],
    [' 01/01/2000 ', '2000-01-01'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['31/12/1999', '1999-12-31'],
    ['29/02/2023', null],
    ['29/02/1900', null],
    ['31/02/2000', null],
    ['31/04/2000', null],
    ['00/01/2000', null],
    ['01/00/2000', null],
    ['01/13/2000', null],
    ['32/01/2000', null],
    ['01/01/0000', null],
    ['1/1/2000', null],
    ['12-03-1990', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(parseBirthday(raw)).toBe(expected);
  });
});

describe('birthdayError (today 22 Nov 2026, ages 18 to 100)', () => {
  const options = { today: '2026-11-22' };
  it.each([
    ['', 'Please enter your date of birth'],
    [null, 'Please enter your date of birth'],
    [undefined, 'Please enter your date of birth'],
    ['1', 'Please enter your date of birth'],
    ['12/03/19', 'Please enter your date of birth'],
    ['12/03/199', 'Please enter your date of birth'],
    ['31/02/2000', 'Please enter correct date'],
    ['12-03-1990', 'Please enter correct date'],
    ['12/13/1990', 'Please enter correct date'],
    ['22/11/2008', null],
    ['21/11/2008', null],
    ['23/11/2008', 'You need to be over 18 in order to proceed'],
    ['01/01/2030', 'You need to be over 18 in order to proceed'],
    ['23/11/1925', null],
    ['22/11/1925', "If you've made it past 100, then you probably don't need our help"],
    ['01/01/1900', "If you've made it past 100, then you probably don't need our help"],
    ['12/03/1990', null],
  ])('%j → %j', (raw, expected) => {
    expect(birthdayError(raw, options)).toBe(expected);
  });

  it('takes configured age bounds', () => {
    const bounds = { today: '2026-11-22', minAge: 21, maxAge: 65 };
    expect(birthdayError('23/11/2005', bounds)).toBe('You need to be over 21 in order to proceed');
    expect(birthdayError('22/11/2005', bounds)).toBeNull();
    expect(birthdayError('23/11/1960', bounds)).toBeNull();
    expect(birthdayError('22/11/1960', bounds)).toBe("If you've made it past 65, then you probably don't need our help");
  });

  it('takes the checkout experiment wording for an incomplete date', () => {
    expect(birthdayError('12/03', { ...options, incompleteMessage: 'Required' })).toBe('Required');
  });

  it('reads an instant as the UK day: 23:30 UTC in summer is already tomorrow', () => {
    const today = new Date('2026-07-01T23:30:00Z');
    expect(birthdayError('02/07/2008', { today })).toBeNull();
    expect(birthdayError('02/07/2008', { today: '2026-07-01' })).toBe('You need to be over 18 in order to proceed');
    expect(birthdayError('02/12/2008', { today: new Date('2026-12-01T23:30:00Z') })).toBe(
      'You need to be over 18 in order to proceed',
    );
  });
});

describe('ageOn with an instant', () => {
  it('counts the birthday on the UK date', () => {
    expect(ageOn('2008-07-02', new Date('2026-07-01T23:30:00Z'))).toBe(18);
    expect(ageOn('2008-07-02', new Date('2026-07-01T22:30:00Z'))).toBe(17);
  });
});

describe('birthdaySchema', () => {
  const schema = birthdaySchema({ today: '2026-11-22' });
  it('sends DD/MM/YYYY as YYYY-MM-DD', () => {
    expect(schema.parse('12/03/1990')).toBe('1990-03-12');
  });
  it.each([
    [undefined, 'Please enter your date of birth'],
    ['', 'Please enter your date of birth'],
    ['31/02/2000', 'Please enter correct date'],
    ['23/11/2008', 'You need to be over 18 in order to proceed'],
  ])('%j → %j', (raw, message) => {
    expect(schema.safeParse(raw).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('isoBirthdaySchema (the API receives YYYY-MM-DD)', () => {
  const schema = isoBirthdaySchema({ today: '2026-11-22' });
  it('accepts an adult birthday as it is', () => {
    expect(schema.parse('1990-03-12')).toBe('1990-03-12');
  });
  it.each([
    ['', 'Please enter your date of birth'],
    ['2000-02-31', 'Please enter correct date'],
    ['2008-11-23', 'You need to be over 18 in order to proceed'],
    ['1925-11-21', "If you've made it past 100, then you probably don't need our help"],
  ])('%j → %j', (raw, message) => {
    expect(schema.safeParse(raw).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
  it('holds the 18th birthday itself as old enough', () => {
    expect(schema.parse('2008-11-22')).toBe('2008-11-22');
  });
});
