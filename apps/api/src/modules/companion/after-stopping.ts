import { and, desc, eq, sql } from 'drizzle-orm';
import {
  AFTER_STOPPING_REMINDER,
  AFTER_STOPPING_SUPPORT,
  afterStoppingEndsOn,
  ukCalendarDate,
  weightReturning,
  type AfterStopping,
  type AfterStoppingAnswer,
  type ReminderSettings,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { afterStoppingSupport } from '../../db/schema/companion';
import { subscriptionEvents } from '../../db/schema/subscriptions';
import { notFound } from '../../lib/errors';
import { injectionPlansOf } from './plans';
import type { WeightRecord } from '../../contracts/patient-record';

export const NO_SUPPORT_OFFER = 'There is no support offer on your account.';

/** The weight reminder, as the notifications module keeps it (handed in where the modules are composed). */
export interface WeightReminderPort {
  get(customerId: number): Promise<{ settings: ReminderSettings; isSaved: boolean }>;
  save(customerId: number, input: unknown): Promise<unknown>;
}

/**
 * Support after stopping: offered to a patient whose last weight-loss plan ended (none still running) for a year from
 * that day. Accepting turns on a monthly weight reminder (unless one already runs); the coach and the way back to a
 * consultation are on the card. Declining is kept, and nothing is sent.
 */
export function createAfterStopping({ db, now, weightReminder, weightRecord }: { db: Db; now: () => Date; weightReminder: WeightReminderPort; weightRecord: Pick<WeightRecord, 'history'> }) {
  async function current(customerId: number) {
    const plans = await injectionPlansOf(db, customerId);
    if (plans.length === 0 || plans.some((row) => row.plan.state !== 'cancelled')) return null;
    const stopped = [];
    for (const row of plans) {
      const [event] = await db
        .select({ at: subscriptionEvents.createdAt })
        .from(subscriptionEvents)
        .where(and(eq(subscriptionEvents.subscriptionId, row.plan.id), eq(subscriptionEvents.event, 'cancelled')))
        .orderBy(desc(subscriptionEvents.id))
        .limit(1);
      stopped.push({ row, on: ukCalendarDate(event?.at ?? row.plan.updatedAt) });
    }
    const last = stopped.sort((a, b) => (a.on < b.on ? -1 : 1)).at(-1)!;
    const endsOn = afterStoppingEndsOn(last.on);
    if (ukCalendarDate(now()) > endsOn) return null;
    await db
      .insert(afterStoppingSupport)
      .values({ customerId, subscriptionId: last.row.plan.id, offeredOn: last.on, endsOn })
      .onConflictDoUpdate({
        target: afterStoppingSupport.customerId,
        // A later plan that ended is a new offer; the same one keeps the answer given.
        set: { subscriptionId: last.row.plan.id, offeredOn: last.on, endsOn, answer: null, answeredAt: null },
        setWhere: sql`${afterStoppingSupport.subscriptionId} is distinct from ${last.row.plan.id}::uuid`,
      });
    const [row] = await db.select().from(afterStoppingSupport).where(eq(afterStoppingSupport.customerId, customerId));
    return { row: row!, productName: last.row.productName };
  }

  async function view(customerId: number): Promise<AfterStopping> {
    const found = await current(customerId);
    if (!found) return { offer: null };
    const weights = await weightRecord.history(db, customerId);
    const atStop = weights.filter((point) => ukCalendarDate(new Date(point.at)) <= found.row.offeredOn && point.weightKg !== null).at(-1)?.weightKg ?? null;
    const latest = weights.filter((point) => point.weightKg !== null).at(-1)?.weightKg ?? null;
    return {
      offer: {
        productName: found.productName,
        stoppedOn: found.row.offeredOn,
        endsOn: found.row.endsOn,
        answer: (found.row.answer as AfterStoppingAnswer | null) ?? null,
        weightReturning: weightReturning(atStop, latest),
        guidance: [...AFTER_STOPPING_SUPPORT.guidance],
        source: AFTER_STOPPING_SUPPORT.source,
      },
    };
  }

  return {
    view,

    async answer(customerId: number, answer: AfterStoppingAnswer): Promise<AfterStopping> {
      const found = await current(customerId);
      if (!found) throw notFound(NO_SUPPORT_OFFER);
      await db.update(afterStoppingSupport).set({ answer, answeredAt: now() }).where(eq(afterStoppingSupport.customerId, customerId));
      if (answer === 'accepted') {
        const reminder = await weightReminder.get(customerId);
        if (!reminder.isSaved || !reminder.settings.isEnabled) await weightReminder.save(customerId, AFTER_STOPPING_REMINDER);
      }
      return view(customerId);
    },
  };
}
export type AfterStoppingService = ReturnType<typeof createAfterStopping>;
