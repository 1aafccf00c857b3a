import { KG_PER_LB, LBS_PER_STONE, formatWeight, kgToStoneLbs } from '../measurements/units';
import type { WeightLogs } from './log';

/** The progress page's and the account card's figures, from the same weight points. */
export interface WeightProgress {
  startKg: number;
  currentKg: number;
  /** Current minus start: negative is weight lost. */
  changeKg: number;
  /** The change as a percentage of the starting weight, one decimal. */
  changePercent: number;
  goalKg: number | null;
  /** How much of the way from start to goal is done, 0–100; null without a goal below the start. */
  towardsGoalPercent: number | null;
  /** Only the starting point exists: nothing logged since. */
  onlyStart: boolean;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function weightProgress(logs: Pick<WeightLogs, 'points' | 'goalWeightKg'>): WeightProgress | null {
  const points = [...logs.points].sort((a, b) => a.measuredAt.localeCompare(b.measuredAt));
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const changeKg = last.weightKg - first.weightKg;
  const goalKg = logs.goalWeightKg;
  const towardsGoalPercent =
    goalKg !== null && goalKg < first.weightKg ? Math.min(100, Math.max(0, Math.round(((first.weightKg - last.weightKg) / (first.weightKg - goalKg)) * 100))) : null;
  return {
    startKg: first.weightKg,
    currentKg: last.weightKg,
    changeKg,
    changePercent: oneDecimal((changeKg / first.weightKg) * 100),
    goalKg,
    towardsGoalPercent,
    onlyStart: points.length === 1,
  };
}

export const KG_PER_STONE = KG_PER_LB * LBS_PER_STONE;

/** A weight in the unit a chart's axis uses: kg, or stone as a decimal. */
export function chartWeight(kg: number, unit: 'kg' | 'st-lbs'): number {
  return oneDecimal(unit === 'kg' ? kg : kg / KG_PER_STONE);
}

/** An amount of weight, unsigned: '3.2 kg', '1 st 3 lb', '4.5 lb'. */
export function formatWeightAmount(kg: number, unit: 'kg' | 'st-lbs'): string {
  const amount = Math.abs(kg);
  if (unit === 'kg') return `${oneDecimal(amount).toFixed(1)} kg`;
  const { stone, lbs } = kgToStoneLbs(amount);
  return stone > 0 ? formatWeight(amount, 'st-lbs') : `${oneDecimal(lbs)} lb`;
}

/** 'Down 3.2 kg (3.5%)', 'Up 1 lb (0.2%)', 'No change'. */
export function formatWeightChange(progress: Pick<WeightProgress, 'changeKg' | 'changePercent'>, unit: 'kg' | 'st-lbs'): string {
  if (Math.abs(progress.changeKg) < 0.05) return 'No change';
  const direction = progress.changeKg < 0 ? 'Down' : 'Up';
  return `${direction} ${formatWeightAmount(progress.changeKg, unit)} (${Math.abs(progress.changePercent)}%)`;
}
