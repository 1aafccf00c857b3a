import { SIDE_EFFECT_SEVERITIES, triageSideEffect, urgentItemDue, type SideEffectSeverity } from '@elmwood/domain';
import { auditPatientAction } from '../modules/clinic/index';
import type { SideEffectLogged } from '../modules/companion/index';
import type { Notifier } from '../modules/notifications/index';
import type { SideEffectWorkflow } from '../modules/support/index';
import { openUrgentItem, openUrgentItemDue } from '../modules/urgent-care/index';

export interface SideEffectReportedDeps {
  notifier: Notifier;
  now: () => Date;
}

/**
/** A report from the account carries only its severity: the one side-effect rule set triages it as any other symptom. */
const triageOfReport = (severity: SideEffectSeverity) => triageSideEffect({ symptom: 'other', severity, redFlags: [] });

/**
 * A side effect reported from the account, in the transaction that kept the report: the patient's filing is an audit
 * row (a clinical event, like a member of staff's); triaged by the one side-effect rule set, a severe one opens (or
 * joins) their urgent clinical item, with what they wrote, so a prescriber contacts them; every report sends the
 * patient what happens next and the MHRA Yellow Card scheme. The urgent item's own steps are audited.
 */
export function sideEffectReportedWorkflow({ notifier, now }: SideEffectReportedDeps): SideEffectWorkflow {
  return {
    async reported(tx, { customerId, threadId, report }) {
      const at = now();
      const triage = triageOfReport(report.severity);
      const item =
        triage.outcome === 'urgent'
          ? await openUrgentItem(tx, {
              customerId,
              rules: triage.rules,
              answers: [
                { question: 'How bad is the side effect?', answer: SIDE_EFFECT_SEVERITIES[report.severity] },
                { question: 'What happened?', answer: report.description },
              ],
              now: at,
            })
          : null;
      // What the patient wrote stays in the conversation; the audit row says that, when and how bad.
      await auditPatientAction(tx, {
        patientId: customerId,
        action: 'report-side-effect',
        resource: 'support-thread',
        resourceId: threadId,
        details: { severity: report.severity, toUrgentQueue: item !== null },
      });
      await notifier.notify(tx, {
        template: 'side-effect-reported',
        customerId,
        dedupeKey: `side-effect-reported:${threadId}`,
        data: { threadId, severity: report.severity, ...(item ? { contactBy: item.dueAt.toISOString() } : {}) },
      });
      return { contactBy: item?.dueAt ?? null };
    },

    /**
     * The open urgent item's due time (what the first reply said, or earlier if another signal joined it since); once
     * the item is closed, the time the report itself was due by (its rule's calling hours from when it was made).
     */
    async contactBy(tx, { customerId, reportedAt }) {
      return (await openUrgentItemDue(tx, customerId)) ?? urgentItemDue(triageOfReport('severe').rules, reportedAt);
    },
  };
}

/**
 * A side-effect diary entry the triage did not leave to self-care: its rules open or join the patient's clinical item
 * (urgent: contact the same day; a two-week moderate one: a prescriber's review), and the patient is sent the
 * instructions they were shown, so they have them in writing.
 */
export function sideEffectLoggedWorkflow({ notifier, now }: SideEffectReportedDeps): SideEffectLogged {
  return async (tx, { customerId, entryId, triage, answers }) => {
    const item = await openUrgentItem(tx, { customerId, rules: triage.rules, answers, now: now() });
    await notifier.notify(tx, {
      template: 'side-effect-logged',
      customerId,
      dedupeKey: `side-effect-logged:${entryId}`,
      data: { entryId, ruleIds: triage.rules.map((rule) => rule.ruleId), contactBy: item.dueAt.toISOString() },
    });
    return { contactBy: item.dueAt };
  };
}
