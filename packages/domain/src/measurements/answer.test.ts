import { describe, expect, it } from 'vitest';
import {
  answerToKgCm,
  measurementAnswer,
  parseMeasurementAnswer,
  parseWeightAnswer,
  weightAnswer,
  type MeasurementFields,
} from './answer';

const metric = (fields: MeasurementFields) => measurementAnswer({ weightUnit: 'kg', heightUnit: 'cm', fields });
const imperial = (fields: MeasurementFields) =>
  measurementAnswer({ weightUnit: 'st-lbs', heightUnit: 'ft-in', fields });

describe('measurementAnswer', () => {
  it('builds the metric answer with BMI to one decimal', () => {
    expect(metric({ kg: '95', cm: '170' })).toEqual({
      weight: [{ value: 95, type: 'kg', preferredUnit: 'kg', isTargetWeight: false }],
      height: [{ value: 170, type: 'cm' }],
      bmi: 32.9,
    });
  });

  it('builds the imperial answer from stone, lbs, feet and inches', () => {
    expect(imperial({ stone: '14', lbs: '2', feet: '5', inches: '10' })).toEqual({
      weight: [
        { value: 14, type: 'stone', preferredUnit: 'st-lbs', isTargetWeight: false },
        { value: 2, type: 'lbs', preferredUnit: 'st-lbs', isTargetWeight: false },
      ],
      height: [
        { value: 5, type: 'feet' },
        { value: 10, type: 'inches' },
      ],
      bmi: 28.4,
    });
  });

  it('mixes unit systems', () => {
    expect(measurementAnswer({ weightUnit: 'st-lbs', heightUnit: 'cm', fields: { stone: 15, lbs: 0, cm: 180 } })?.bmi).toBe(
      29.4,
    );
    expect(measurementAnswer({ weightUnit: 'kg', heightUnit: 'ft-in', fields: { kg: 80, feet: 6, inches: 0 } })?.bmi).toBe(
      23.9,
    );
  });

  it('accepts zero as a filled lbs or inches field', () => {
    expect(imperial({ stone: '14', lbs: '0', feet: '6', inches: '0' })).not.toBeNull();
  });

  it('is empty until every field of the chosen units is filled', () => {
    expect(metric({ kg: '95' })).toBeNull();
    expect(metric({ cm: '170' })).toBeNull();
    expect(metric({ kg: '', cm: '170' })).toBeNull();
    expect(imperial({ stone: '14', feet: '5', inches: '10' })).toBeNull();
    expect(imperial({ stone: '14', lbs: ' ', feet: '5', inches: '10' })).toBeNull();
    expect(imperial({ lbs: '2', feet: '5', inches: '10' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '2', feet: '5' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '2', inches: '10' })).toBeNull();
  });

  it('is empty while any chosen field has an error', () => {
    expect(metric({ kg: '445', cm: '170' })).toBeNull();
    expect(metric({ kg: '95', cm: '89.9' })).toBeNull();
    expect(metric({ kg: '95', cm: '230.1' })).toBeNull();
    expect(metric({ kg: '95kg', cm: '170' })).toBeNull();
    expect(imperial({ stone: '71', lbs: '0', feet: '5', inches: '10' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '14.5', feet: '5', inches: '10' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '2', feet: '8', inches: '0' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '2', feet: '2', inches: '0' })).toBeNull();
    expect(imperial({ stone: '14', lbs: '2', feet: '5', inches: '12.5' })).toBeNull();
  });

  it('answers at the very edges of the limits', () => {
    expect(metric({ kg: '444.99', cm: '230' })?.bmi).toBe(84.1);
    expect(metric({ kg: '40', cm: '90' })?.bmi).toBe(49.4);
    expect(imperial({ stone: '70.99', lbs: '14', feet: '7.99', inches: '12' })).not.toBeNull();
    expect(imperial({ stone: '5', lbs: '0', feet: '3', inches: '0' })).not.toBeNull();
  });

  it('ignores fields of the unit system not chosen', () => {
    expect(metric({ kg: '95', cm: '170', stone: 'abc', feet: '99' })?.bmi).toBe(32.9);
  });

  it('is empty for a zero weight, which has no BMI', () => {
    expect(metric({ kg: '0', cm: '170' })).toBeNull();
    expect(imperial({ stone: '0', lbs: '0', feet: '5', inches: '10' })).toBeNull();
  });
});

describe('weightAnswer', () => {
  it('is a goal weight by default', () => {
    expect(weightAnswer({ weightUnit: 'kg', fields: { kg: '70' } })).toEqual({
      weight: [{ value: 70, type: 'kg', preferredUnit: 'kg', isTargetWeight: true }],
    });
  });

  it('can be a current weight, in stone and lbs', () => {
    expect(weightAnswer({ weightUnit: 'st-lbs', fields: { stone: 11, lbs: 0 }, isTargetWeight: false })).toEqual({
      weight: [
        { value: 11, type: 'stone', preferredUnit: 'st-lbs', isTargetWeight: false },
        { value: 0, type: 'lbs', preferredUnit: 'st-lbs', isTargetWeight: false },
      ],
    });
  });

  it('is empty when incomplete, out of range or zero', () => {
    expect(weightAnswer({ weightUnit: 'st-lbs', fields: { stone: 11 } })).toBeNull();
    expect(weightAnswer({ weightUnit: 'kg', fields: { kg: 445 } })).toBeNull();
    expect(weightAnswer({ weightUnit: 'kg', fields: { kg: -1 } })).toBeNull();
    expect(weightAnswer({ weightUnit: 'kg', fields: { kg: 0 } })).toBeNull();
    expect(weightAnswer({ weightUnit: 'kg', fields: {} })).toBeNull();
  });
});

describe('parseMeasurementAnswer', () => {
  const valid = metric({ kg: '95', cm: '170' })!;
  const validImperial = imperial({ stone: '14', lbs: '2', feet: '5', inches: '10' })!;

  it('round-trips answers this module builds', () => {
    expect(parseMeasurementAnswer(valid)).toEqual(valid);
    expect(parseMeasurementAnswer(JSON.parse(JSON.stringify(validImperial)))).toEqual(validImperial);
  });

  it.each([
    ['null', null],
    ['a string', 'x'],
    ['an empty object', {}],
    ['no height', { weight: valid.weight, bmi: 32.9 }],
    ['empty weight', { ...valid, weight: [] }],
    ['a string value', { ...valid, height: [{ value: '170', type: 'cm' }] }],
    ['an unknown unit', { ...valid, height: [{ value: 70, type: 'inch' }] }],
    ['a zero bmi', { ...valid, bmi: 0 }],
    ['kg mixed with stone', { ...valid, weight: [...valid.weight, ...validImperial.weight] }],
    ['kg twice', { ...valid, weight: [...valid.weight, ...valid.weight] }],
    ['stone without lbs', { ...valid, weight: [validImperial.weight[0]] }],
    ['feet without inches', { ...valid, height: [validImperial.height[0]] }],
    ['cm mixed with feet', { ...valid, height: [...valid.height, validImperial.height[0]] }],
    ['kg over the limit', { ...valid, weight: [{ ...valid.weight[0], value: 445 }] }],
    ['cm under the limit', { ...valid, height: [{ value: 89, type: 'cm' }] }],
    ['a zero weight', { ...valid, weight: [{ ...valid.weight[0], value: 0 }] }],
    ['an array', [valid]],
    ['an infinite bmi', { ...valid, bmi: Infinity }],
    ['a NaN weight', { ...valid, weight: [{ ...valid.weight[0], value: NaN }] }],
    ['a weight without its preferred unit', { ...valid, weight: [{ value: 95, type: 'kg', isTargetWeight: false }] }],
    ['a height entry that is not an object', { ...valid, height: [170] }],
  ])('rejects %s', (_name, value) => {
    expect(parseMeasurementAnswer(value)).toBeNull();
  });

  it('keeps only the keys an answer has', () => {
    const extra = { ...valid, note: 'x', weight: [{ ...valid.weight[0], colour: 'red' }], height: [{ ...valid.height[0], colour: 'red' }] };
    expect(parseMeasurementAnswer(extra)).toEqual(valid);
  });
});

describe('parseWeightAnswer', () => {
  it('accepts a weight alone and rejects broken ones', () => {
    const goal = weightAnswer({ weightUnit: 'kg', fields: { kg: 70 } })!;
    expect(parseWeightAnswer(goal)).toEqual(goal);
    expect(parseWeightAnswer({ weight: [] })).toBeNull();
    expect(parseWeightAnswer({ weight: [{ ...goal.weight[0], value: 500 }] })).toBeNull();
    expect(parseWeightAnswer({ ...goal, height: [] })).toEqual(goal);
  });
});

describe('answerToKgCm', () => {
  it('gives metric answers unchanged', () => {
    expect(answerToKgCm(metric({ kg: '95', cm: '170' })!)).toEqual({ kg: 95, cm: 170 });
  });

  it('converts imperial answers', () => {
    const { kg, cm } = answerToKgCm(imperial({ stone: '14', lbs: '2', feet: '5', inches: '10' })!);
    expect(kg).toBeCloseTo(89.8113, 4);
    expect(cm).toBeCloseTo(177.8, 10);
  });

  it('refuses an answer that mixes units', () => {
    const answer = metric({ kg: '95', cm: '170' })!;
    expect(() => answerToKgCm({ ...answer, height: [...answer.height, { value: 5, type: 'feet' }] })).toThrow(RangeError);
  });
});
