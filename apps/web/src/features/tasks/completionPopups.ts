import { TASK_CODES, type Task } from '@elmwood/domain';

export interface CompletionPopup {
  title: string;
  message: string;
  /** The answers were about side effects: the popup points to the MHRA Yellow Card scheme. */
  yellowCard?: boolean;
}

/** What the patient is told once a task is done, keyed by the task's code (SPEC §4 task completion popups). */
export const COMPLETION_POPUPS: Record<string, CompletionPopup> = {
  [TASK_CODES.bookedCheckIn]: {
    title: 'Your check-in is booked',
    message: 'We have sent the details to your email. Your pharmacist will call you at the time you chose.',
  },
  [TASK_CODES.gpInformation]: {
    title: 'Thank you for your GP details',
    message: 'We will only contact your GP about your treatment when it matters for your care.',
  },
  [TASK_CODES.reminderSetUp]: {
    title: 'Your reminder is set',
    message: 'We will remind you when it is time to log your weight. You can change this at any time in your account.',
  },
  [TASK_CODES.photoId]: {
    title: 'Thank you for verifying your identity',
    message: 'Our clinicians will check your photo ID when they review your order.',
  },
  [TASK_CODES.weightCheckPhoto]: {
    title: 'We have your photo',
    message: 'Your clinician will look at it alongside your consultation answers before approving your treatment.',
  },
  [TASK_CODES.prescriptionPhoto]: {
    title: 'We have your prescription',
    message: 'Your clinician will check it before continuing your treatment at your current dose.',
  },
  [TASK_CODES.weightLossCheckIn]: {
    title: 'Thank you for your check-in',
    message: 'A clinician will read your answers before approving your next delivery. We will be in touch if anything needs a closer look.',
    yellowCard: true,
  },
  [TASK_CODES.clinicianQuestion]: {
    title: 'Thank you for your answer',
    message: 'Your clinician will read it and carry on with the review of your order. We will email you once they have decided.',
  },
  [TASK_CODES.initialCoachCall]: {
    title: 'Your coach call is booked',
    message: 'Your coach will call you at the time you chose to plan your first weeks together.',
  },  [TASK_CODES.videoConsultation]: {
    title: 'Your video consultation is booked',
    message: 'One of our prescribers will see you by video at the time you chose. We will remind you the day before and an hour before.',
  },
};

/** After 'Skip' in the GP flow: the task is done, but nothing was shared to thank the patient for. */
export const GP_SKIPPED_POPUP: CompletionPopup = {
  title: 'We will not contact your GP',
  message:
    'You chose not to share your GP details, and that does not affect your order.\n\nIf you change your mind, send our care team a message from your account.',
};

const FALLBACK: CompletionPopup = { title: 'Task complete', message: 'Thank you. We have everything we need for this step.' };

function isPopup(value: unknown): value is CompletionPopup {
  if (typeof value !== 'object' || value === null) return false;
  const popup = value as Record<string, unknown>;
  return typeof popup.title === 'string' && typeof popup.message === 'string';
}

/**
 * The popup for a finished task: what its answers led to when the server kept that on the task (a check-in that
 * stopped the supply: what the patient must do now), else by its code, else its task definition's configuration,
 * else a plain thank-you.
 */
export function completionPopupFor(task: Pick<Task, 'taskDefinition' | 'details'>): CompletionPopup {
  const outcome = task.details.configuration.outcomePopup;
  // Kept only by a check-in, whose outcome is about side effects and the patient's health.
  if (isPopup(outcome)) return { title: outcome.title, message: outcome.message, yellowCard: true };
  const known = Object.hasOwn(COMPLETION_POPUPS, task.taskDefinition.code) ? COMPLETION_POPUPS[task.taskDefinition.code] : undefined;
  if (known) return known;
  const configured = task.details.configuration.completionPopup;
  return isPopup(configured) ? configured : FALLBACK;
}
