import { describe, expect, it } from 'vitest';
import { measurementAnswer, weightAnswer } from '../measurements/answer';
import { answeredMeasurements } from './from-answers';

describe('answeredMeasurements', () => {
  it('reads the weight, height and goal with the units chosen', () => {
    const found = answeredMeasurements({
      smoker: 'no',
      bmi: measurementAnswer({ weightUnit: 'st-lbs', heightUnit: 'ft-in', fields: { stone: 15, lbs: 10, feet: 5, inches: 9 } }),
      goal: weightAnswer({ weightUnit: 'st-lbs', fields: { stone: 12, lbs: 0 } }),
    });
    expect(found.weight?.unit).toBe('st-lbs');
    expect(found.weight?.kg).toBeCloseTo(99.79, 2);
    expect(found.height).toEqual({ cm: 175.26, unit: 'ft-in' });
    expect(found.goal?.kg).toBeCloseTo(76.2, 1);
    expect(found.goal?.unit).toBe('st-lbs');
  });

  it('finds nothing without a measurement, and takes no current weight as a goal', () => {
    expect(answeredMeasurements({ a: 'x' })).toEqual({ weight: null, height: null, goal: null });
    const current = weightAnswer({ weightUnit: 'kg', fields: { kg: 80 }, isTargetWeight: false });
    expect(answeredMeasurements({ current }).goal).toBeNull();
  });
});
