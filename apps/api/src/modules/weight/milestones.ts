import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { MILESTONES, milestonesReached, PLATEAU_RULE, PLATEAU_TEXT, ukCalendarDate, weightPlateau, type MilestoneCode, type Milestones } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { weightMilestones } from '../../db/schema/weight';
import { latestGoal, entriesOf } from './repo';

/**
 * The weight log's milestones (issue 35): worked out from the patient's weights each time they are read, kept once
 * reached (a later gain never takes one back), and each marked new until the page has shown it.
 */
export function createMilestones({ db, now }: { db: Db; now: () => Date }) {
  return {
    async of(customerId: number): Promise<Milestones> {
      const rows = await entriesOf(db, customerId);
      const points = rows.filter((row) => row.weightKg !== null).map((row) => ({ measuredAt: row.measuredAt.toISOString(), weightKg: row.weightKg! }));
      const reached = milestonesReached(points, latestGoal(rows)?.goalKg ?? null);
      if (reached.length > 0) {
        await db
          .insert(weightMilestones)
          .values(reached.map((milestone) => ({ customerId, code: milestone.code, reachedAt: new Date(milestone.reachedAt) })))
          .onConflictDoNothing();
      }
      const kept = await db.select().from(weightMilestones).where(eq(weightMilestones.customerId, customerId)).orderBy(asc(weightMilestones.reachedAt));
      const plateau = weightPlateau(points, ukCalendarDate(now()));
      return {
        milestones: kept
          .filter((row) => row.code in MILESTONES)
          .map((row) => ({ code: row.code as MilestoneCode, ...MILESTONES[row.code as MilestoneCode], reachedAt: row.reachedAt.toISOString(), isNew: row.seenAt === null })),
        plateau: plateau ? { since: plateau.since, text: PLATEAU_TEXT, source: PLATEAU_RULE.source } : null,
      };
    },

    /** The page showed these: they are not new any more (shown once). */
    async seen(customerId: number, codes: readonly MilestoneCode[]): Promise<void> {
      await db
        .update(weightMilestones)
        .set({ seenAt: now() })
        .where(and(eq(weightMilestones.customerId, customerId), inArray(weightMilestones.code, [...codes]), isNull(weightMilestones.seenAt)));
    },
  };
}
export type MilestoneService = ReturnType<typeof createMilestones>;

