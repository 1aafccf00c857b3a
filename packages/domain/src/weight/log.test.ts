import { describe, expect, it } from 'vitest';
import { MEASUREMENT_MESSAGES } from '../measurements/validation';
import {
  HEIGHT_COMBINATION_MESSAGE,
  isFutureMeasurement,
  readWeightLog,
  UNIT_MISMATCH_MESSAGE,
  WEIGHT_COMBINATION_MESSAGE,
  WEIGHT_REQUIRED_MESSAGE,
  weightLogBmi,
  type WeightLogItem,
} from './log';

const read = (items: WeightLogItem[]) => readWeightLog(items);

describe('readWeightLog', () => {
  it('reads a kg weight, a goal in stone and lbs and a height in feet and inches', () => {
    const result = read([
      { type: 'weight', value: 90 },
      { type: 'weight', value: 11, unit: 'stone', isTargetWeight: true },
      { type: 'weight', value: 0, unit: 'lbs', isTargetWeight: true },
      { type: 'height', value: 5, unit: 'feet' },
      { type: 'height', value: 10, unit: 'inches' },
      { type: 'bmi', value: 99 },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.log.weight).toEqual({ kg: 90, unit: 'kg' });
    expect(result.log.goal?.unit).toBe('st-lbs');
    expect(result.log.goal?.kg).toBeCloseTo(69.85, 2);
    expect(result.log.height?.cm).toBeCloseTo(177.8, 5);
    expect(result.log.height?.unit).toBe('ft-in');
  });

  it.each([
    ['kg', 445, MEASUREMENT_MESSAGES.kg],
    ['kg', -0.1, MEASUREMENT_MESSAGES.kg],
    ['stone', 71, MEASUREMENT_MESSAGES.stone],
    ['lbs', 14.1, MEASUREMENT_MESSAGES.lbs],
    ['cm', 89.9, MEASUREMENT_MESSAGES.cm],
    ['cm', 230.1, MEASUREMENT_MESSAGES.cm],
    ['feet', 8, MEASUREMENT_MESSAGES.feet],
    ['feet', 2.9, MEASUREMENT_MESSAGES.feet],
    ['inches', 12.1, MEASUREMENT_MESSAGES.inches],
  ] as const)('refuses %s %s with the quiz’s message', (unit, value, message) => {
    const type = ['kg', 'stone', 'lbs'].includes(unit) ? 'weight' : 'height';
    const items: WeightLogItem[] = [{ type, value, unit }];
    if (type === 'height') items.push({ type: 'weight', value: 80 });
    expect(read(items)).toEqual({ ok: false, issues: [{ path: ['items', 0, 'value'], message }] });
  });

  it('accepts the very edges', () => {
    expect(read([{ type: 'weight', value: 444.99 }]).ok).toBe(true);
    expect(read([{ type: 'weight', value: 70.99, unit: 'stone' }, { type: 'weight', value: 14, unit: 'lbs' }]).ok).toBe(true);
    expect(read([{ type: 'weight', value: 80 }, { type: 'height', value: 90 }]).ok).toBe(true);
    expect(read([{ type: 'weight', value: 80 }, { type: 'height', value: 3, unit: 'feet' }, { type: 'height', value: 12, unit: 'inches' }]).ok).toBe(true);
  });

  it('refuses a zero weight with its unit’s message', () => {
    expect(read([{ type: 'weight', value: 0 }])).toEqual({ ok: false, issues: [{ path: ['items'], message: MEASUREMENT_MESSAGES.kg }] });
  });

  it('refuses mixed or half units', () => {
    expect(read([{ type: 'weight', value: 11, unit: 'stone' }])).toEqual({ ok: false, issues: [{ path: ['items'], message: WEIGHT_COMBINATION_MESSAGE }] });
    expect(read([{ type: 'weight', value: 80 }, { type: 'weight', value: 2, unit: 'lbs' }])).toEqual({ ok: false, issues: [{ path: ['items'], message: WEIGHT_COMBINATION_MESSAGE }] });
    expect(read([{ type: 'weight', value: 80 }, { type: 'height', value: 5, unit: 'feet' }])).toEqual({ ok: false, issues: [{ path: ['items'], message: HEIGHT_COMBINATION_MESSAGE }] });
    expect(read([{ type: 'weight', value: 80, unit: 'cm' }])).toEqual({ ok: false, issues: [{ path: ['items', 0, 'unit'], message: UNIT_MISMATCH_MESSAGE }] });
  });

  it('needs a weight or a goal', () => {
    expect(read([{ type: 'height', value: 170 }])).toEqual({ ok: false, issues: [{ path: ['items'], message: WEIGHT_REQUIRED_MESSAGE }] });
  });
});

describe('weightLogBmi and isFutureMeasurement', () => {
  it('works BMI out to one decimal, only with a height', () => {
    expect(weightLogBmi(95, 170)).toBe(32.9);
    expect(weightLogBmi(95, null)).toBeNull();
  });

  it('allows a clock five minutes fast, no more', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isFutureMeasurement(new Date('2026-01-01T12:05:00Z'), now)).toBe(false);
    expect(isFutureMeasurement(new Date('2026-01-01T12:05:01Z'), now)).toBe(true);
  });
});
