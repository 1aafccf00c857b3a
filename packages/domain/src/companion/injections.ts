import { z } from 'zod';
import { addDays, DISPLAY_MONTHS, parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';
import { daysBetween } from '../clinical/dates';
import type { ReTitrationRule } from '../clinical/re-titration';
import type { Sourced } from '../clinical/sourced';

/**
 * The treatment companion's injection log (issue 35): each weekly dose the patient takes, where they injected it,
 * and each week they missed. Pure rules: the site to use next, the doses left in the pens supplied, the misses.
 */

/** Where a weekly injection may go (Wegovy SmPC 4.2; Mounjaro SmPC 4.2: the abdomen, the thigh or the upper arm). */
export const INJECTION_SITES = {
  'abdomen-left': 'Tummy, left side',
  'abdomen-right': 'Tummy, right side',
  'thigh-left': 'Thigh, left',
  'thigh-right': 'Thigh, right',
  'upper-arm-left': 'Upper arm, left',
  'upper-arm-right': 'Upper arm, right',
} as const;
export type InjectionSite = keyof typeof INJECTION_SITES;
export const INJECTION_SITE_CODES = Object.keys(INJECTION_SITES) as [InjectionSite, ...InjectionSite[]];

/** Why the next site moves on each week, and what it rests on. */
export const SITE_ROTATION_RULE: Sourced & { summary: string } = {
  summary: 'Use a different site each week: the one you have not used for the longest',
  source:
    'Mounjaro SmPC 4.2 (inject in the abdomen, thigh or upper arm; the injection site should be rotated with each dose); Wegovy SmPC 4.2 (abdomen, thigh or upper arm; the site can be changed without adjusting the dose); Wegovy and Mounjaro SmPC 4.8 (injection-site reactions)',
  rationale:
    'Injecting into the same spot week after week makes reactions and lumpy skin under it more likely, and a dose injected into lumpy skin may not be absorbed as well. The site used longest ago has had the most time to settle.',
};

/** A dose logged: taken at a site, or a week missed. */
export const INJECTION_STATUSES = ['taken', 'missed'] as const;
export type InjectionStatus = (typeof INJECTION_STATUSES)[number];

export interface LoggedInjection {
  status: InjectionStatus;
  /** When it was taken (or, for a missed week, the day the dose was due). */
  takenAt: string;
  site: InjectionSite | null;
  dosage: string;
}

const byTime = <T extends { takenAt: string }>(entries: readonly T[]): T[] => [...entries].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));

/**
 * The site to inject next: one never used yet (in the list's order), else the one whose last use is the oldest.
 * So the next site always moves away from the last ones, round every site in turn.
 */
export function nextInjectionSite(log: readonly Pick<LoggedInjection, 'status' | 'takenAt' | 'site'>[]): InjectionSite {
  const lastUse = new Map<InjectionSite, number>();
  for (const entry of byTime(log)) {
    if (entry.status === 'taken' && entry.site) lastUse.set(entry.site, Date.parse(entry.takenAt));
  }
  let best: InjectionSite = INJECTION_SITE_CODES[0];
  let bestAt = Infinity;
  for (const site of INJECTION_SITE_CODES) {
    const at = lastUse.get(site) ?? -Infinity;
    if (at < bestAt) {
      best = site;
      bestAt = at;
    }
  }
  return best;
}

/** A supply as the countdown reads it: the dose, the day it was dispatched, and how many pens it held. */
export interface SupplyForCountdown {
  productCode: string;
  dosage: string;
  suppliedOn: IsoDate;
  pens: number;
}

export interface PenCountdown {
  /** Doses still in the pens supplied, all pens together. */
  dosesLeft: number;
  /** Doses left in the pen in use (or the next one to open): 0 once every pen is used. */
  dosesLeftInPen: number;
  /** The dose of that pen; null once every pen is used. */
  penDosage: string | null;
  /** Doses taken from the supplies (a missed week takes none). */
  dosesTaken: number;
  /** When the next dose is due: a week after the last one taken, else the day the first pen came. */
  nextDoseOn: IsoDate | null;
  /** The last weekly dose the pens cover from the next one on; null when none is left. */
  lastDoseCoveredOn: IsoDate | null;
}

/**
 * The doses left in the pens supplied, counted down by each dose taken (one pen holds `rule.dosesPerPen` weekly
 * doses: Wegovy SmPC 6.5, Mounjaro SmPC 6.5). Pens are used in the order they came: the oldest supply first. A missed
 * week uses no dose (the dose stays in the pen: SmPC 4.2 says to skip it, not to take two).
 */
export function penCountdown(supplies: readonly SupplyForCountdown[], log: readonly Pick<LoggedInjection, 'status' | 'takenAt'>[], rule: Pick<ReTitrationRule, 'product' | 'dosesPerPen' | 'doseIntervalDays'>): PenCountdown {
  const ordered = [...supplies].filter((supply) => supply.productCode === rule.product).sort((a, b) => (a.suppliedOn < b.suppliedOn ? -1 : a.suppliedOn > b.suppliedOn ? 1 : 0));
  const pens = ordered.flatMap((supply) => Array.from({ length: Math.max(0, supply.pens) }, () => supply.dosage));
  const taken = byTime(log).filter((entry) => entry.status === 'taken');
  const supplied = pens.length * rule.dosesPerPen;
  const dosesTaken = Math.min(taken.length, supplied);
  const dosesLeft = supplied - dosesTaken;
  const penIndex = Math.floor(dosesTaken / rule.dosesPerPen);
  const dosesLeftInPen = dosesLeft === 0 ? 0 : rule.dosesPerPen - (dosesTaken % rule.dosesPerPen);
  const lastTaken = taken.at(-1);
  const nextDoseOn = lastTaken ? addDays(ukCalendarDate(new Date(lastTaken.takenAt)), rule.doseIntervalDays) : (ordered[0]?.suppliedOn ?? null);
  return {
    dosesLeft,
    dosesLeftInPen,
    penDosage: dosesLeft === 0 ? null : (pens[penIndex] ?? null),
    dosesTaken,
    nextDoseOn,
    lastDoseCoveredOn: dosesLeft > 0 && nextDoseOn ? addDays(nextDoseOn, (dosesLeft - 1) * rule.doseIntervalDays) : null,
  };
}


/** '12 Dec.' (DESIGN.md's short month, without the year, for a date weeks away). */
export function dayAndMonth(date: IsoDate): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  return `${parsed.day} ${DISPLAY_MONTHS[parsed.month - 1]}`;
}

/** 'Your pen has 1 dose left; your next delivery comes on 12 Dec.' and its neighbours. */
export function penCountdownText(countdown: Pick<PenCountdown, 'dosesLeft' | 'dosesLeftInPen'>, nextDelivery: IsoDate | null): string {
  const delivery = nextDelivery ? `; your next delivery comes on ${dayAndMonth(nextDelivery)}` : '';
  if (countdown.dosesLeft === 0) return `You have used every dose we have sent${delivery}${delivery.endsWith('.') ? '' : '.'}`;
  const inPen = `Your pen has ${countdown.dosesLeftInPen} dose${countdown.dosesLeftInPen === 1 ? '' : 's'} left`;
  const spare = countdown.dosesLeft - countdown.dosesLeftInPen;
  const more = spare > 0 ? `, and ${spare} more in your other pen${spare > 4 ? 's' : ''}` : '';
  const sentence = `${inPen}${more}${delivery}`;
  // A date such as '12 Dec.' already ends the sentence.
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

/** Weeks logged as missed on or after `since` (the day the supply in use came): what the check-in and the prescriber read. */
export function missedDosesSince(log: readonly Pick<LoggedInjection, 'status' | 'takenAt'>[], since: IsoDate | null): number {
  return log.filter((entry) => entry.status === 'missed' && (since === null || ukCalendarDate(new Date(entry.takenAt)) >= since)).length;
}

/** The days since a dose was taken, for the log's 'last dose' line; null without one. */
export function daysSinceLastDose(log: readonly Pick<LoggedInjection, 'status' | 'takenAt'>[], today: IsoDate): number | null {
  const last = byTime(log)
    .filter((entry) => entry.status === 'taken')
    .at(-1);
  return last ? daysBetween(ukCalendarDate(new Date(last.takenAt)), today) : null;
}

export const INJECTION_MESSAGES = {
  site: 'Please choose where you injected.',
  status: 'Please say whether you took this dose or missed it.',
  when: 'Please enter the date and time of the dose.',
  future: 'The date and time of a dose cannot be in the future.',
  dose: 'Please choose the dose you took.',
  notFound: 'We could not find that dose in your log.',
  planNotFound: 'We could not find that plan.',
  noSupply: 'You can log your doses once your first pen has been sent.',
} as const;

/** POST /shop-api/injections: a dose taken at a site (at a time, now by default), or a week missed. */
export const injectionLogBodySchema = z
  .object({
    planId: z.uuid({ error: INJECTION_MESSAGES.planNotFound }),
    status: z.enum(INJECTION_STATUSES, { error: INJECTION_MESSAGES.status }),
    takenAt: z.iso.datetime({ offset: true, error: INJECTION_MESSAGES.when }).optional(),
    site: z.enum(INJECTION_SITE_CODES, { error: INJECTION_MESSAGES.site }).nullish(),
    /** The dose taken, one of those supplied on the plan; the latest supplied when left out. */
    variantCode: z.string({ error: INJECTION_MESSAGES.dose }).min(1, INJECTION_MESSAGES.dose).max(100).optional(),
  })
  .superRefine((body, context) => {
    if (body.status === 'taken' && !body.site) context.addIssue({ code: 'custom', path: ['site'], message: INJECTION_MESSAGES.site });
  });
export type InjectionLogBody = z.infer<typeof injectionLogBodySchema>;

export const injectionEntrySchema = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  status: z.enum(INJECTION_STATUSES),
  takenAt: z.string(),
  site: z.enum(INJECTION_SITE_CODES).nullable(),
  productName: z.string(),
  dosage: z.string(),
});
export type InjectionEntry = z.infer<typeof injectionEntrySchema>;

/** GET /shop-api/injections: per weight-loss plan, its log and what follows from it. */
export const injectionPlanSchema = z.object({
  planId: z.uuid(),
  productName: z.string(),
  /** The doses supplied on the plan that a dose may be logged as (latest first). */
  doses: z.array(z.object({ variantCode: z.string(), dosage: z.string() })),
  nextSite: z.enum(INJECTION_SITE_CODES),
  nextDoseOn: z.string().nullable(),
  countdown: z.object({ dosesLeft: z.number().int(), dosesLeftInPen: z.number().int(), penDosage: z.string().nullable(), text: z.string() }),
  nextDelivery: z.string().nullable(),
  /** Weeks logged as missed since the supply in use came. */
  missedSinceLastDelivery: z.number().int(),
  entries: z.array(injectionEntrySchema),
});
export type InjectionPlan = z.infer<typeof injectionPlanSchema>;

export const injectionLogSchema = z.object({
  plans: z.array(injectionPlanSchema),
  rotation: z.object({ summary: z.string(), source: z.string(), rationale: z.string() }),
});
export type InjectionLog = z.infer<typeof injectionLogSchema>;
