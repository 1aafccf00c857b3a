import { describe, expect, it } from 'vitest';
import { measurementAnswer, weightAnswer } from '../measurements/answer';
import { answerInWords, calendarDateText, dateOfBirthText, NOT_ANSWERED, productNamesText } from './answer-text';

const TODAY = '2026-11-28';
const wording = { today: TODAY, productNames: { WEGOVY: 'Wegovy', MOUNJARO: 'Mounjaro' } };
const question = (type: string, options: { value: string; text: string }[] = []) => ({ type, options });
const PERIODS = [
  { value: 'morning', text: 'Morning (9am to 12pm)' },
  { value: 'evening', text: 'Evening (5pm to 8pm)' },
];

describe('answers in words, as the clinic reads them', () => {
  it('height and weight in metric: weight, height and BMI', () => {
    const answer = measurementAnswer({ weightUnit: 'kg', heightUnit: 'cm', fields: { kg: '100', cm: '170' } });
    expect(answerInWords(question('BmiType'), answer, wording)).toBe('100 kg · 170 cm · BMI 34.6');
  });

  it('height and weight in the imperial units the patient answered in', () => {
    const answer = measurementAnswer({ weightUnit: 'st-lbs', heightUnit: 'ft-in', fields: { stone: '15', lbs: '10', feet: '5', inches: '7' } });
    expect(answerInWords(question('BmiType'), answer, wording)).toBe(`15 st 10 lb · 5 ft 7 in · BMI ${answer!.bmi.toFixed(1)}`);
    const mixed = measurementAnswer({ weightUnit: 'kg', heightUnit: 'ft-in', fields: { kg: '80.5', feet: '6', inches: '0' } });
    expect(answerInWords(question('BmiType'), mixed, wording)).toBe('80.5 kg · 6 ft 0 in · BMI 24.1');
  });

  it('a goal weight in kg, or in stone and pounds', () => {
    expect(answerInWords(question('WeightType'), weightAnswer({ weightUnit: 'kg', fields: { kg: '80' } }), wording)).toBe('80 kg');
    expect(answerInWords(question('WeightType'), weightAnswer({ weightUnit: 'st-lbs', fields: { stone: '12', lbs: '8' } }), wording)).toBe('12 st 8 lb');
  });

  it('contact times as the options’ words and the days in week order', () => {
    const contact = question('datetime', PERIODS);
    expect(answerInWords(contact, { period: ['evening', 'morning'], day: ['thursday', 'monday'] }, wording)).toBe('Evening (5pm to 8pm), Morning (9am to 12pm); Monday, Thursday');
    expect(answerInWords(contact, { period: [], day: ['friday'] }, wording)).toBe('Any time of day; Friday');
    expect(answerInWords(contact, { period: ['morning'], day: [] }, wording)).toBe('Morning (9am to 12pm); any day');
    expect(answerInWords(contact, { period: [], day: [] }, wording)).toBe(NOT_ANSWERED);
  });

  it('a date of birth with the age it makes today, and another date alone', () => {
    expect(answerInWords(question('DobType'), '1985-01-01', wording)).toBe('1 Jan 1985 (41)');
    expect(answerInWords(question('DobType'), '1985-12-01', wording)).toBe('1 Dec 1985 (40)');
    expect(answerInWords(question('DateType'), '2026-09-14', wording)).toBe('14 Sep 2026');
  });

  it('choices as their options’ text; several joined', () => {
    const options = [
      { value: 'male', text: 'Male' },
      { value: 'none', text: 'None of these' },
      { value: 'insulin', text: 'Insulin' },
    ];
    expect(answerInWords(question('choice', options), 'male', wording)).toBe('Male');
    expect(answerInWords(question('imageChoice', options), 'male', wording)).toBe('Male');
    expect(answerInWords(question('multichoice', options), ['insulin', 'none'], wording)).toBe('Insulin, None of these');
    expect(answerInWords(question('checkbox', options), ['none'], wording)).toBe('None of these');
  });

  it('a product choice as its option, or the product’s name and dose when the option is gone', () => {
    const options = [{ value: 'WEGOVY|||WEGOVY-1MG', text: 'Wegovy 1 mg' }];
    expect(answerInWords(question('productChoice', options), 'WEGOVY|||WEGOVY-1MG', wording)).toBe('Wegovy 1 mg');
    expect(answerInWords(question('productChoice', options), 'MOUNJARO|||MOUNJARO-5MG', wording)).toBe('Mounjaro, MOUNJARO-5MG');
  });

  it('free text as written', () => {
    expect(answerInWords(question('textarea'), 'Metformin 500 mg twice a day', wording)).toBe('Metformin 500 mg twice a day');
  });

  it('an empty answer as not answered, and never JSON for one it cannot read', () => {
    for (const empty of [null, undefined, '', []]) expect(answerInWords(question('BmiType'), empty, wording)).toBe(NOT_ANSWERED);
    expect(answerInWords(question('BmiType'), { bmi: 3 }, wording)).toBe('Could not be read');
    expect(answerInWords(question('choice'), { odd: true }, wording)).toBe('Could not be read');
    expect(answerInWords(question('choice'), true, wording)).toBe('Yes');
  });
});

describe('dates and products in words', () => {
  it('words a calendar date, and a date of birth with the age', () => {
    expect(calendarDateText('2026-02-03')).toBe('3 Feb 2026');
    expect(dateOfBirthText('1985-01-01', TODAY)).toBe('1 Jan 1985 (41)');
    expect(dateOfBirthText('not a date', TODAY)).toBe('not a date');
  });

  it('names products by their codes', () => {
    expect(productNamesText(['WEGOVY', 'MOUNJARO'], wording.productNames)).toBe('Wegovy, Mounjaro');
    expect(productNamesText(['NEW'], wording.productNames)).toBe('NEW');
  });
});
