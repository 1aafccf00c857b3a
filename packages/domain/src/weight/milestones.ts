import { z } from 'zod';
import { daysBetween } from '../clinical/dates';
import type { Sourced } from '../clinical/sourced';
import { dayOfWeek, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';

/**
 * Milestones of the weight log (issue 35): reached at their boundaries, each shown to the patient once, in kind words
 * with no pressure; and a plateau, which suggests a call with the coach. Pure: the caller passes the weights.
 */

export const MILESTONE_CODES = ['first-entry', 'lost-5-percent', 'lost-10-percent', 'goal-reached', 'logged-4-weeks', 'logged-12-weeks'] as const;
export type MilestoneCode = (typeof MILESTONE_CODES)[number];

export const MILESTONES: Record<MilestoneCode, { title: string; text: string }> = {
  'first-entry': { title: 'Your first weigh-in', text: 'You have logged your first weight. Whatever the number, this is where your progress starts.' },
  'lost-5-percent': {
    title: '5% of your starting weight',
    text: 'You have lost 5% of the weight you started at. A loss like this already helps your health, such as your blood pressure and blood sugar.',
  },
  'lost-10-percent': { title: '10% of your starting weight', text: 'You have lost 10% of the weight you started at. That is a big step, and it took steady work.' },
  'goal-reached': { title: 'You reached your goal', text: 'You have reached the goal weight you set. Take a moment to notice how far you have come.' },
  'logged-4-weeks': { title: 'Four weeks of weigh-ins', text: 'You have logged your weight every week for four weeks. Keeping track like this makes it easier to see what works for you.' },
  'logged-12-weeks': { title: 'Twelve weeks of weigh-ins', text: 'Twelve weeks of logging your weight every week. That is a habit now.' },
};

/** Where the milestones' boundaries come from. */
export const MILESTONE_RULES: Sourced & { lostPercents: readonly [number, number] } = {
  lostPercents: [5, 10],
  source:
    'NICE NG246 (overweight and obesity management, 2025): a loss of 5% to 10% of body weight brings clinically meaningful benefits; NICE TA875 and TA1026 1.2 (5% as the measure of response); clinic policy for the weekly logging milestones',
  rationale: 'The 5% and 10% milestones mark the losses NICE treats as meaningful; weekly logging keeps the prescriber’s picture current.',
};

/** A plateau: four weeks with the weight within this share of where it was (neither lost nor gained), while still logging. */
export const PLATEAU_RULE: Sourced & { weeks: number; lessThanPercent: number; recentDays: number } = {
  weeks: 4,
  lessThanPercent: 0.5,
  recentDays: 14,
  source:
    'NICE NG246 (2025): weight-management medicines are given alongside a reduced-calorie diet, more physical activity and behavioural support; clinic policy (a plateau of 4 weeks, within 0.5% either way, suggests a coaching call)',
  rationale: 'Weight loss often slows for a while. A call with a coach about food, activity and routine helps most patients through it; it is an offer, never a requirement.',
};

export interface MilestonePoint {
  measuredAt: string;
  weightKg: number;
}

export interface ReachedMilestone {
  code: MilestoneCode;
  /** The weigh-in that reached it. */
  reachedAt: string;
}

const byTime = (points: readonly MilestonePoint[]) => [...points].sort((a, b) => Date.parse(a.measuredAt) - Date.parse(b.measuredAt));

/** Hundredths of a percent lost from `start` to `now` (5% exactly is 500, never a float's 499.99). */
const lostHundredths = (start: number, now: number) => Math.round(((start - now) / start) * 10_000);

/** The UK week (from Monday) a weigh-in falls in, as a whole number that goes up by one each week. */
function weekNumber(measuredAt: string): number {
  const day = ukCalendarDate(new Date(measuredAt));
  const sinceMonday = (dayOfWeek(day) + 6) % 7;
  return Math.floor((daysBetween('2000-01-03', day)! - sinceMonday) / 7);
}

/** The weigh-in that completed `weeks` UK weeks in a row with at least one weigh-in each; null before. */
function weeklyStreak(points: readonly MilestonePoint[], weeks: number): string | null {
  let streak = 0;
  let last: number | null = null;
  for (const point of points) {
    const week = weekNumber(point.measuredAt);
    if (week === last) continue;
    streak = last !== null && week === last + 1 ? streak + 1 : 1;
    last = week;
    if (streak === weeks) return point.measuredAt;
  }
  return null;
}

/**
 * Every milestone the weights have reached, with the weigh-in that reached it. The starting weight is the first
 * weigh-in; the goal counts only when set below it.
 */
export function milestonesReached(points: readonly MilestonePoint[], goalKg: number | null): ReachedMilestone[] {
  const ordered = byTime(points);
  const first = ordered[0];
  if (!first) return [];
  const reached: ReachedMilestone[] = [{ code: 'first-entry', reachedAt: first.measuredAt }];
  const [five, ten] = MILESTONE_RULES.lostPercents;
  const firstTo = (test: (point: MilestonePoint) => boolean) => ordered.find(test)?.measuredAt ?? null;
  const lostFive = firstTo((point) => lostHundredths(first.weightKg, point.weightKg) >= five * 100);
  if (lostFive) reached.push({ code: 'lost-5-percent', reachedAt: lostFive });
  const lostTen = firstTo((point) => lostHundredths(first.weightKg, point.weightKg) >= ten * 100);
  if (lostTen) reached.push({ code: 'lost-10-percent', reachedAt: lostTen });
  if (goalKg !== null && goalKg < first.weightKg) {
    const goal = firstTo((point) => point.weightKg <= goalKg);
    if (goal) reached.push({ code: 'goal-reached', reachedAt: goal });
  }
  const four = weeklyStreak(ordered, 4);
  if (four) reached.push({ code: 'logged-4-weeks', reachedAt: four });
  const twelve = weeklyStreak(ordered, 12);
  if (twelve) reached.push({ code: 'logged-12-weeks', reachedAt: twelve });
  return reached;
}

/**
 * A plateau at `today`: the latest weigh-in is recent, one was logged at least four weeks before it, and the weight is
 * within 0.5% of that one (less than 0.5% lost, and not 0.5% or more gained: a rise is no plateau). Answers the day the
 * plateau is measured from, or null.
 */
export function weightPlateau(points: readonly MilestonePoint[], today: IsoDate, rule = PLATEAU_RULE): { since: IsoDate } | null {
  const ordered = byTime(points);
  const latest = ordered.at(-1);
  if (!latest) return null;
  const latestDay = ukCalendarDate(new Date(latest.measuredAt));
  if ((daysBetween(latestDay, today) ?? Infinity) > rule.recentDays) return null;
  const reference = ordered.filter((point) => (daysBetween(ukCalendarDate(new Date(point.measuredAt)), latestDay) ?? 0) >= rule.weeks * 7).at(-1);
  if (!reference) return null;
  const change = lostHundredths(reference.weightKg, latest.weightKg);
  return Math.abs(change) < rule.lessThanPercent * 100 ? { since: ukCalendarDate(new Date(reference.measuredAt)) } : null;
}

export const milestoneSchema = z.object({
  code: z.enum(MILESTONE_CODES),
  title: z.string(),
  text: z.string(),
  reachedAt: z.string(),
  /** Not yet shown: the page shows it (once) and says so. */
  isNew: z.boolean(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** GET /shop-api/milestones. */
export const milestonesSchema = z.object({
  milestones: z.array(milestoneSchema),
  plateau: z.object({ since: z.string(), text: z.string(), source: z.string() }).nullable(),
});
export type Milestones = z.infer<typeof milestonesSchema>;

/** POST /shop-api/milestones/seen: the milestones the page has shown. */
export const milestonesSeenBodySchema = z.object({ codes: z.array(z.enum(MILESTONE_CODES)).min(1).max(MILESTONE_CODES.length) });

export const PLATEAU_TEXT = 'Your weight has held steady for four weeks. That is common, and it often passes. A call with your coach about food, activity and routine can help you through it, if you would like one.';
