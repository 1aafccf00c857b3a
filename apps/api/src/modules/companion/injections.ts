import { and, asc, eq, gte } from 'drizzle-orm';
import {
  INJECTION_MESSAGES,
  lastSuppliedDose,
  missedDosesSince,
  nextInjectionSite,
  penCountdown,
  penCountdownText,
  SITE_ROTATION_RULE,
  type InjectionEntry,
  type InjectionLog,
  type InjectionLogBody,
  type InjectionPlan,
  type InjectionSite,
  type InjectionStatus,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { injectionLogs } from '../../db/schema/companion';
import { AppError, notFound } from '../../lib/errors';
import type { Queryable } from '../../db/client';
import { injectionPlan, injectionPlansOf, ownPlanRow, type InjectionPlanRow } from './plans';

type InjectionRow = typeof injectionLogs.$inferSelect;

/** A dose dated this far ahead of the server's clock is a device's clock running fast, not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Plans a dose is no longer logged on. */
const CLOSED_STATES = ['cancelled'];

const fieldError = (field: string, message: string) => new AppError(400, 'VALIDATION_ERROR', `body.${field}: ${message}`, { issues: [{ field: `body.${field}`, message }] });

export function toInjectionEntry(row: InjectionRow): InjectionEntry {
  return {
    id: row.id,
    planId: row.subscriptionId,
    status: row.status as InjectionStatus,
    takenAt: row.takenAt.toISOString(),
    site: row.site as InjectionSite | null,
    productName: row.productName,
    dosage: row.dosage,
  };
}

/** The patient's whole log, newest first (every plan: the body has one set of sites). */
export async function injectionRowsOf(db: Pick<Queryable, 'select'>, customerId: number): Promise<InjectionRow[]> {
  return db.select().from(injectionLogs).where(eq(injectionLogs.customerId, customerId)).orderBy(asc(injectionLogs.takenAt), asc(injectionLogs.createdAt));
}

/** A plan's log and what follows from it: the next site (from every dose the patient logged), the pens' countdown, the misses. */
export function injectionPlanView(row: InjectionPlanRow, all: readonly InjectionRow[]): InjectionPlan {
  const own = all.filter((entry) => entry.subscriptionId === row.plan.id);
  const log = own.map((entry) => ({ status: entry.status as InjectionStatus, takenAt: entry.takenAt.toISOString(), site: entry.site as InjectionSite | null, dosage: entry.dosage }));
  const countdown = penCountdown(row.supplies, log, row.rule);
  const running = !CLOSED_STATES.includes(row.plan.state);
  const nextDelivery = running ? row.plan.nextDeliveryDate : null;
  const doses = [...new Map([...row.supplies].reverse().map((supply) => [supply.variantCode, { variantCode: supply.variantCode, dosage: supply.dosage }])).values()];
  return {
    planId: row.plan.id,
    productName: row.productName,
    doses,
    nextSite: nextInjectionSite(all.map((entry) => ({ status: entry.status as InjectionStatus, takenAt: entry.takenAt.toISOString(), site: entry.site as InjectionSite | null }))),
    nextDoseOn: countdown.nextDoseOn,
    countdown: { dosesLeft: countdown.dosesLeft, dosesLeftInPen: countdown.dosesLeftInPen, penDosage: countdown.penDosage, text: penCountdownText(countdown, nextDelivery) },
    nextDelivery,
    missedSinceLastDelivery: missedDosesSince(log, lastSuppliedDose(row.supplies)?.suppliedOn ?? null),
    entries: own.map(toInjectionEntry).reverse(),
  };
}

/** Weeks the patient logged as missed on a plan since its last supply came: for the prescriber's re-titration. */
export async function loggedMissedDoses(db: Queryable, plan: { id: string; customerId: number }): Promise<number | null> {
  const row = await injectionPlanFor(db, plan.customerId, plan.id);
  if (!row) return null;
  const rows = await db.select().from(injectionLogs).where(eq(injectionLogs.subscriptionId, plan.id));
  if (rows.length === 0) return null;
  return missedDosesSince(
    rows.map((entry) => ({ status: entry.status as InjectionStatus, takenAt: entry.takenAt.toISOString() })),
    lastSuppliedDose(row.supplies)?.suppliedOn ?? null,
  );
}

/** Whether the patient logged a dose (taken or missed) at or after `since`: the injection day's nudge asks. */
export async function doseLoggedSince(db: Pick<Queryable, 'select'>, customerId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: injectionLogs.id })
    .from(injectionLogs)
    .where(and(eq(injectionLogs.customerId, customerId), gte(injectionLogs.takenAt, since)))
    .limit(1);
  return row !== undefined;
}

async function injectionPlanFor(db: Queryable, customerId: number, planId: string): Promise<InjectionPlanRow | null> {
  const plan = await ownPlanRow(db, customerId, planId);
  return plan ? injectionPlan(db, plan) : null;
}

export interface InjectionServiceDeps {
  db: Db;
  now: () => Date;
}

/** The injection log (issue 35): the signed-in patient's own doses, on their own plans; anyone else's id is not found. */
export function createInjectionService({ db, now }: InjectionServiceDeps) {
  async function ownRow(customerId: number, id: string): Promise<InjectionRow> {
    const [row] = await db.select().from(injectionLogs).where(and(eq(injectionLogs.id, id), eq(injectionLogs.customerId, customerId)));
    if (!row) throw notFound(INJECTION_MESSAGES.notFound);
    return row;
  }

  return {
    async list(customerId: number): Promise<InjectionLog> {
      const [plans, rows] = [await injectionPlansOf(db, customerId), await injectionRowsOf(db, customerId)];
      return { plans: plans.map((row) => injectionPlanView(row, rows)), rotation: SITE_ROTATION_RULE };
    },

    /** A dose taken or a week missed; the same Idempotency-Key again answers the entry it made. */
    async log(customerId: number, body: InjectionLogBody, clientKey?: string): Promise<{ entry: InjectionEntry; plan: InjectionPlan }> {
      const plan = await ownPlanRow(db, customerId, body.planId);
      if (!plan) throw notFound(INJECTION_MESSAGES.planNotFound);
      const row = await injectionPlan(db, plan);
      if (!row) throw new AppError(409, 'NO_SUPPLY_YET', INJECTION_MESSAGES.noSupply);
      if (CLOSED_STATES.includes(plan.state)) throw new AppError(409, 'PLAN_CLOSED', 'This plan has ended, so there are no more doses to log on it.');
      const takenAt = body.takenAt ? new Date(body.takenAt) : now();
      if (takenAt.getTime() > now().getTime() + CLOCK_SKEW_MS) throw fieldError('takenAt', INJECTION_MESSAGES.future);
      const latest = lastSuppliedDose(row.supplies)!;
      const dose = body.variantCode === undefined ? latest : row.supplies.find((supply) => supply.variantCode === body.variantCode);
      if (!dose) throw fieldError('variantCode', INJECTION_MESSAGES.dose);
      const values = {
        customerId,
        subscriptionId: plan.id,
        status: body.status,
        takenAt,
        site: body.status === 'taken' ? body.site! : null,
        productCode: dose.productCode,
        productName: dose.productName,
        variantCode: dose.variantCode,
        dosage: dose.dosage,
        clientKey: clientKey ?? null,
      };
      const [inserted] = await db.insert(injectionLogs).values(values).onConflictDoNothing({ target: [injectionLogs.customerId, injectionLogs.clientKey] }).returning();
      const entry = inserted ?? (await db.select().from(injectionLogs).where(and(eq(injectionLogs.customerId, customerId), eq(injectionLogs.clientKey, clientKey!))))[0]!;
      return { entry: toInjectionEntry(entry), plan: injectionPlanView(row, await injectionRowsOf(db, customerId)) };
    },

    async get(customerId: number, id: string): Promise<InjectionEntry> {
      return toInjectionEntry(await ownRow(customerId, id));
    },

    /** A dose logged by mistake is taken out of the log (the patient's own record, not the clinic's). */
    async remove(customerId: number, id: string): Promise<void> {
      await ownRow(customerId, id);
      await db.delete(injectionLogs).where(and(eq(injectionLogs.id, id), eq(injectionLogs.customerId, customerId)));
    },
  };
}
export type InjectionService = ReturnType<typeof createInjectionService>;
