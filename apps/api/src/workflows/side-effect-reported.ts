import { SEVERE_SIDE_EFFECT_RULE, SIDE_EFFECT_SEVERITIES } from '@elmwood/domain';
import type { Notifier } from '../modules/notifications/index';
import type { SideEffectReported } from '../modules/support/index';
import { openUrgentItem } from '../modules/urgent-care/index';

export interface SideEffectReportedDeps {
  notifier: Notifier;
  now: () => Date;
}

/**
 * A side effect reported from the account, in the transaction that kept the report: one the patient marks severe
 * opens (or joins) their urgent clinical item, with what they wrote, so a prescriber contacts them; every report
 * sends the patient what happens next and the MHRA Yellow Card scheme. The urgent item's own steps are audited.
 */
export function sideEffectReportedWorkflow({ notifier, now }: SideEffectReportedDeps): SideEffectReported {
  return async (tx, { customerId, threadId, report }) => {
    const at = now();
    const item =
      report.severity === 'severe'
        ? await openUrgentItem(tx, {
            customerId,
            rules: [SEVERE_SIDE_EFFECT_RULE],
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
