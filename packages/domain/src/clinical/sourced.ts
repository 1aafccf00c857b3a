import { z } from 'zod';

/**
 * Where a rule comes from: the document and section ('Wegovy SmPC 4.3', 'NICE TA875 1.2', 'Clinic policy') and
 * why it exists, in words a prescriber can check against that document. Every clinical rule carries both.
 */
export const sourcedSchema = z.object({
  source: z.string().trim().min(1),
  rationale: z.string().trim().min(1),
});
export type Sourced = z.infer<typeof sourcedSchema>;

export const TRIGGERED_RULE_KINDS = ['knockout', 'product', 'dose', 'flag', 'answer', 'identity'] as const;
/** How much a triggered rule asks of the prescriber. */
export const RULE_LEVELS = ['knockout', 'restriction', 'review', 'urgent', 'off-label', 'counselling'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/** A rule that held for these answers: kept with the outcome, shown to the prescriber beside the answers it read. */
export const triggeredRuleSchema = sourcedSchema.extend({
  ruleId: z.string(),
  kind: z.enum(TRIGGERED_RULE_KINDS),
  level: z.enum(RULE_LEVELS),
  /** What the rule did, in a line ('Mounjaro: starting dose 2.5 mg only'). */
  summary: z.string(),
  /** The questions whose answers made it hold. */
  questionIds: z.array(z.string()),
  productCode: z.string().nullable().default(null),
});
export type TriggeredRule = z.infer<typeof triggeredRuleSchema>;
