import { diaryEntryInWords, injectionInWords, lastSuppliedDose, missedDosesSince, type CompanionRecord, type InjectionSite, type InjectionStatus, type SideEffectRedFlag, type SideEffectSeverity, type SideEffectSymptom } from '@elmwood/domain';
import type { Queryable } from '../../db/client';
import { diaryRowsOf } from './diary';
import { injectionRowsOf } from './injections';
import { injectionPlansOf } from './plans';

/** How much of the record the clinic is shown: the latest, enough for a review. */
const SHOWN = 52;

/**
 * The patient's injection log and side-effect diary for a prescriber, in words (the caller audits the read). The
 * count of missed weeks per plan is the one the prescriber's re-titration reads.
 */
export async function companionRecordOf(db: Queryable, customerId: number): Promise<CompanionRecord> {
  const rows = await injectionRowsOf(db, customerId);
  const diary = await diaryRowsOf(db, customerId, SHOWN);
  const plans = rows.length > 0 ? await injectionPlansOf(db, customerId) : [];
  return {
    injections: rows
      .slice(-SHOWN)
      .reverse()
      .map((row) => ({
        status: row.status as InjectionStatus,
        ...injectionInWords({ status: row.status as InjectionStatus, site: row.site as InjectionSite | null }),
        takenAt: row.takenAt.toISOString(),
        productName: row.productName,
        dosage: row.dosage,
      })),
    missedSinceLastDelivery: plans.map((plan) => ({
      productName: plan.productName,
      missed: missedDosesSince(
        rows.filter((row) => row.subscriptionId === plan.plan.id).map((row) => ({ status: row.status as InjectionStatus, takenAt: row.takenAt.toISOString() })),
        lastSuppliedDose(plan.supplies)?.suppliedOn ?? null,
      ),
    })),
    diary: diary.map((row) => ({
      occurredOn: row.occurredOn,
      severity: row.severity as SideEffectSeverity,
      ...diaryEntryInWords({ symptom: row.symptom as SideEffectSymptom, severity: row.severity as SideEffectSeverity, redFlags: row.redFlags as SideEffectRedFlag[] }),
      note: row.note,
      outcome: row.outcome as CompanionRecord['diary'][number]['outcome'],
      rules: row.rules,
    })),
  };
}
