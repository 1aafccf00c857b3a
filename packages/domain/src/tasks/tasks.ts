/** Codes of the follow-up tasks SPEC §4 names; orders create them, the account area completes them. */
export const TASK_CODES = {
  photoId: 'voy-wl-upload-photo-id',
  weightCheckPhoto: 'voy-wl-upload-weight-check-photo',
  gpInformation: 'provide-gp-information',
  reminderSetUp: 'voy-weight-tracking-reminder-set-up',
  initialCoachCall: 'weight-loss-inital-coach-call',
  bookedCheckIn: 'booked check-in',
  /** The questionnaire a weight-loss patient answers before each renewal. */
  weightLossCheckIn: 'weight-loss-check-in',
  /** A photo of the previous prescription, from a patient continuing a weight-loss injection started elsewhere. */
  prescriptionPhoto: 'voy-wl-upload-prescription',
  /** A prescriber's question about one order (clinic 'request information'). */
  clinicianQuestion: 'clinician-question',
  /**
   * A weight-loss order waits on a verification of the patient's weight, height and identity: the patient books a
   * video consultation with a prescriber (GPhC guidance, 2025).
   */
  videoConsultation: 'book-video-consultation',
} as const;

/**
 * Whether the patient's treatment waits on this task: a critical task (the order reaches the prescriber only once it
 * is done), or the video consultation (the prescriber cannot approve without the verification it brings).
 */
export function holdsTreatment(task: { taskDefinition: { code?: string; isCritical: boolean } }): boolean {
  return task.taskDefinition.isCritical || task.taskDefinition.code === TASK_CODES.videoConsultation;
}

export const DEFAULT_TASK_BADGE = 'Required';
export const MANY_TASKS_THRESHOLD = 7;

/** The health-actions count: '7+' from seven up (SPEC §9). */
export function taskCountLabel(count: number): string {
  return count >= MANY_TASKS_THRESHOLD ? `${MANY_TASKS_THRESHOLD}+` : String(count);
}

/**
 * The account home's line about open tasks. Only critical tasks hold a treatment up, so only they are said to; optional
 * ones (GP details, reminders, a coach call) are called optional. Null with nothing open.
 */
export function openTasksMessage(tasks: readonly { taskDefinition: { code?: string; isCritical: boolean } }[]): string | null {
  const critical = tasks.filter(holdsTreatment).length;
  const optional = tasks.length - critical;
  const counted = (count: number, noun: string) => `${taskCountLabel(count)} ${noun}${count === 1 ? '' : 's'}`;
  if (critical > 0 && optional > 0) return `You have ${counted(critical, 'task')} to complete before we can send your treatment, and ${counted(optional, 'optional task')}.`;
  if (critical > 0) return `You have ${counted(critical, 'task')} to complete before we can send your treatment.`;
  if (optional > 0) return `You have ${counted(optional, 'optional task')}, to do when it suits you.`;
  return null;
}

/** With no tasks the page says one of two things, depending on whether the patient ever had any. */
export function noTasksMessage(hadTasksBefore: boolean): string {
  return hadTasksBefore ? 'You are all set' : 'No tasks at the moment';
}

export function tasksLoadErrorMessage(message: string): string {
  return `Error loading tasks (${message}). Please reload page to try again.`;
}
