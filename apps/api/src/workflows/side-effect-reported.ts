import { SIDE_EFFECT_SEVERITIES, triageSideEffect } from '@elmwood/domain';
import type { SideEffectLogged } from '../modules/companion/index';
import type { Notifier } from '../modules/notifications/index';
import type { SideEffectReported } from '../modules/support/index';
import { openUrgentItem } from '../modules/urgent-care/index';

export interface SideEffectReportedDeps {
  notifier: Notifier;
  now: () => Date;
}

/**
 * A side effect reported from the account, in the transaction that kept the report: triaged by the one side-effect
 * rule set (a report carries only its severity, so a severe one is what opens or joins the patient's urgent clinical
 * item, with what they wrote); every report sends the patient what happens next and the MHRA Yellow Card scheme. The
 * urgent item's own steps are audited.
 */
export function sideEffectReportedWorkflow({ notifier, now }: SideEffectReportedDeps): SideEffectReported {
  return async (tx, { customerId, threadId, report }) => {
    const at = now();
    const triage = triageSideEffect({ symptom: 'other', severity: report.severity, redFlags: [] });
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
    await notifier.notify(tx, {
      template: 'side-effect-reported',
      customerId,
      dedupeKey: `side-effect-reported:${threadId}`,
      data: { threadId, severity: report.severity, ...(item ? { contactBy: item.dueAt.toISOString() } : {}) },
    });
    return { contactBy: item?.dueAt ?? null };
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
