import { describe, expect, it } from 'vitest';
import { PROJECTION_LOSS_PERCENT, PROJECTION_MONTHS, projectionAxisLabel, weightProjection } from './projection';

describe('weightProjection', () => {
  it('has 16 steps from 0 to 26 % over 15 months', () => {
    expect(PROJECTION_LOSS_PERCENT).toHaveLength(16);
    expect(PROJECTION_LOSS_PERCENT[0]).toBe(0);
    expect(PROJECTION_LOSS_PERCENT.at(-1)).toBe(26);
    expect(PROJECTION_MONTHS).toBe(15);
    expect([...PROJECTION_LOSS_PERCENT]).toEqual([...PROJECTION_LOSS_PERCENT].sort((a, b) => a - b));
  });

  it('projects the first 11 points from the starting weight and puts the rest at the goal', () => {
    const points = weightProjection(100, 80);
    expect(points).toHaveLength(16);
    expect(points.map((point) => point.month)).toEqual([...Array(16).keys()]);
    expect(points.slice(0, 11).every((point) => point.kind === 'projected')).toBe(true);
    expect(points.slice(11).every((point) => point.kind === 'goal' && point.kg === 80)).toBe(true);
    expect(points[0]!.kg).toBe(100);
    expect(points[4]!.kg).toBe(88.5);
    expect(points[10]!.kg).toBe(80);
  });

  it('never projects below the goal', () => {
    const points = weightProjection(100, 90);
    expect(points.map((point) => point.kg)).toEqual([100, 97, 94, 91, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90]);
  });

  it('projects all 16 steps when there is no goal (or it is not below the start)', () => {
    for (const goal of [null, 120]) {
      const points = weightProjection(100, goal);
      expect(points.at(-1)).toEqual({ month: 15, kg: 74, kind: 'goal' });
      expect(points[11]!.kg).toBe(76.5);
    }
  });

  it('names its axis in the preferred unit', () => {
    expect(projectionAxisLabel('st-lbs')).toBe('Your weight (st)');
    expect(projectionAxisLabel('kg')).toBe('Your weight (kg)');
  });
});
