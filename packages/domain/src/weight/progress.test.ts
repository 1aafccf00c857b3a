import { describe, expect, it } from 'vitest';
import { chartWeight, formatWeightAmount, formatWeightChange, weightProgress } from './progress';

const point = (measuredAt: string, weightKg: number) => ({ id: measuredAt, measuredAt, weightKg, unit: 'kg' as const, heightCm: null, bmi: null, source: 'patient' as const });

describe('weightProgress', () => {
  it('compares the latest point with the first, whatever order they come in', () => {
    const progress = weightProgress({ points: [point('2026-03-01T00:00:00Z', 92), point('2026-01-01T00:00:00Z', 100)], goalWeightKg: 80 });
    expect(progress).toEqual({ startKg: 100, currentKg: 92, changeKg: -8, changePercent: -8, goalKg: 80, towardsGoalPercent: 40, onlyStart: false });
  });

  it('knows when only the starting point exists, and has nothing without points', () => {
    expect(weightProgress({ points: [point('2026-01-01T00:00:00Z', 100)], goalWeightKg: null })?.onlyStart).toBe(true);
    expect(weightProgress({ points: [], goalWeightKg: null })).toBeNull();
  });

  it('keeps the way to the goal between 0 and 100', () => {
    const up = weightProgress({ points: [point('2026-01-01T00:00:00Z', 100), point('2026-02-01T00:00:00Z', 103)], goalWeightKg: 90 });
    expect(up?.towardsGoalPercent).toBe(0);
    const past = weightProgress({ points: [point('2026-01-01T00:00:00Z', 100), point('2026-02-01T00:00:00Z', 85)], goalWeightKg: 90 });
    expect(past?.towardsGoalPercent).toBe(100);
  });
});

describe('formatting', () => {
  it('says the change in the preferred unit', () => {
    expect(formatWeightChange({ changeKg: -3.24, changePercent: -3.5 }, 'kg')).toBe('Down 3.2 kg (3.5%)');
    expect(formatWeightChange({ changeKg: -8.2, changePercent: -8.2 }, 'st-lbs')).toBe('Down 1 st 4 lb (8.2%)');
    expect(formatWeightChange({ changeKg: 0.5, changePercent: 0.5 }, 'st-lbs')).toBe('Up 1.1 lb (0.5%)');
    expect(formatWeightChange({ changeKg: 0.01, changePercent: 0 }, 'kg')).toBe('No change');
  });

  it('plots stone as a decimal', () => {
    expect(chartWeight(90, 'st-lbs')).toBe(14.2);
    expect(chartWeight(90.04, 'kg')).toBe(90);
    expect(formatWeightAmount(6.35029318, 'st-lbs')).toBe('1 st 0 lb');
  });
});
