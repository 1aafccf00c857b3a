import { z } from 'zod';

/** What kind of work a task asks of the patient, and so which screen completes it. */
export const TASK_TYPES = ['upload-photo', 'gp-info', 'questionnaire', 'reminder', 'coach-call', 'typeform', 'video-consultation'] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;

/** A patient's follow-up task (SPEC §3 Task), as the account area and thank-you page receive it. */
export const taskSchema = z.object({
  id: z.string(),
  taskType: taskTypeSchema,
  taskDefinition: z.object({
    code: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    description: z.string(),
    isCritical: z.boolean(),
    isReminder: z.boolean(),
    safetyCheck: z.boolean(),
  }),
  /** Badge text on the card; null shows the default 'Required'. */
  badge: z.string().nullable(),
  state: z.enum(['open', 'completed']),
  orderNumber: z.string().nullable(),
  /** Type-specific settings: { category, landingSlug } for photos, { slug } for questionnaires, { form_id } for forms. */
  details: z.object({ configuration: z.record(z.string(), z.unknown()) }),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;
