/**
 * The weight-loss projection chart (SPEC §9): a fixed list of 16 percentage-loss steps from 0 to 26 % over
 * 15 months (one a month), applied to the starting weight. The first 11 points are projected; the rest sit at
 * the goal. A projection never goes below the goal, so the line never turns back up.
 */
export const PROJECTION_LOSS_PERCENT = [0, 3, 6, 9, 11.5, 14, 16, 18, 19.5, 21, 22.5, 23.5, 24.5, 25.2, 25.7, 26] as const;
export const PROJECTION_MONTHS = 15;
export const PROJECTED_POINTS = 11;

export interface ProjectionPoint {
  month: number;
  kg: number;
  kind: 'projected' | 'goal';
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function weightProjection(startKg: number, goalKg: number | null): ProjectionPoint[] {
  const floor = goalKg !== null && goalKg < startKg ? goalKg : null;
  return PROJECTION_LOSS_PERCENT.map((percent, month) => {
    const projected = startKg * (1 - percent / 100);
    if (month < PROJECTED_POINTS || floor === null) {
      return { month, kg: oneDecimal(floor === null ? projected : Math.max(projected, floor)), kind: month < PROJECTED_POINTS ? 'projected' : 'goal' };
    }
    return { month, kg: oneDecimal(floor), kind: 'goal' };
  });
}

/** 'Your weight (st)' or 'Your weight (kg)'. */
export function projectionAxisLabel(unit: 'kg' | 'st-lbs'): string {
  return unit === 'kg' ? 'Your weight (kg)' : 'Your weight (st)';
}
