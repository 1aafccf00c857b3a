import { TASK_CODES, type Category, type TaskType } from '@elmwood/domain';

export interface TaskDefinitionSeed {
  code: string;
  taskType: TaskType;
  name: string;
  description: string;
  image: string;
  isCritical: boolean;
  isReminder: boolean;
  safetyCheck: boolean;
  badge: string | null;
  configuration: Record<string, unknown>;
}

/**
 * What the clinic asks of a patient after an order. UK rules for weight-loss prescribing require identity and
 * weight to be verified independently of the patient's own answers, so those two photos are critical: the
 * clinician does not review the order until they arrive.
 */
export const demoTaskDefinitions: TaskDefinitionSeed[] = [
  {
    code: TASK_CODES.photoId,
    taskType: 'upload-photo',
    name: 'Verify your identity',
    description: 'Take a photo of your passport or driving licence so our clinicians can confirm who they are prescribing for.',
    image: '/images/tasks/photo-id.svg',
    isCritical: true,
    isReminder: false,
    safetyCheck: true,
    badge: null,
    configuration: { category: 'I', landingSlug: 'upload-photo-id' },
  },
  {
    code: TASK_CODES.weightCheckPhoto,
    taskType: 'upload-photo',
    name: 'Add a full-length photo',
    description: 'A full-length photo lets our clinicians confirm your weight before they prescribe.',
    image: '/images/tasks/weight-check-photo.svg',
    isCritical: true,
    isReminder: false,
    safetyCheck: true,
    badge: null,
    configuration: { category: 'W', landingSlug: 'weight-loss' },
  },
  {
    code: TASK_CODES.prescriptionPhoto,
    taskType: 'upload-photo',
    name: 'Upload your previous prescription',
    description: 'You told us you already take a weight-loss injection. A photo of your prescription or pharmacy label lets our clinicians continue your dose safely.',
    image: '/images/tasks/photo-id.svg',
    // Critical: the prescriber needs the proof before continuing a dose above the starting dose.
    isCritical: true,
    isReminder: false,
    safetyCheck: true,
    badge: null,
    // Given by an order whose consultation says the patient continues a treatment, never by a product.
    configuration: { category: 'P', landingSlug: 'upload-prescription' },
  },
  {
    code: TASK_CODES.gpInformation,
    taskType: 'gp-info',
    name: 'Tell us about your GP',
    description: 'With your consent we let your GP know about your treatment, so your medical record stays complete.',
    image: '/images/tasks/gp.svg',
    isCritical: false,
    isReminder: false,
    safetyCheck: false,
    badge: null,
    configuration: {},
  },
  {
    code: TASK_CODES.reminderSetUp,
    taskType: 'reminder',
    name: 'Set up weight tracking reminders',
    description: 'A gentle reminder to log your weight helps you and your clinician see your progress.',
    image: '/images/tasks/reminder.svg',
    isCritical: false,
    isReminder: true,
    safetyCheck: false,
    badge: 'Recommended',
    configuration: {},
  },
  {
    code: TASK_CODES.initialCoachCall,
    taskType: 'coach-call',
    name: 'Book your first coach call',
    description: 'Meet your weight-loss coach for a short call about your goals and how to get the most from your treatment.',
    image: '/images/tasks/coach-call.svg',
    isCritical: false,
    isReminder: false,
    safetyCheck: false,
    badge: 'Optional',
    configuration: {},
  },
  {
    code: TASK_CODES.weightLossCheckIn,
    taskType: 'questionnaire',
    name: 'Complete your check-in',
    description: 'A few questions about your weight, any side effects and how you are getting on, so our clinicians can approve your next delivery.',
    image: '/images/tasks/check-in.svg',
    isCritical: false,
    isReminder: false,
    safetyCheck: true,
    badge: null,
    // Given before each renewal by the check-in job, never by an order.
    configuration: { slug: 'weight-loss-check-in' },
  },
  {
    code: TASK_CODES.clinicianQuestion,
    // Completed by the patient's answer (POST /tasks/{id}/answer: words, or the photo asked for), never by a bare
    // 'done'; the prescriber's question is in the task's configuration ({ question, photoRequested, askedBy }).
    taskType: 'reminder',
    name: 'Answer our prescriber',
    description: 'Our prescriber needs a little more information before they can decide on your treatment.',
    image: '/images/tasks/check-in.svg',
    // Critical: the order goes back to the prescriber's queue once it is done.
    isCritical: true,
    isReminder: false,
    safetyCheck: true,
    badge: null,
    // Given by a prescriber's 'request information', never by an order's products.
    configuration: {},
  },
  {
    code: TASK_CODES.videoConsultation,
    taskType: 'video-consultation',
    name: 'Book your video consultation',
    description:
      'A short video call with one of our prescribers, who checks your weight and height on camera and your photo ID. UK rules require this before weight-loss medication can be prescribed.',
    image: '/images/tasks/coach-call.svg',
    // Not critical: the order reaches the prescriber with its photos, who may verify in other ways (the GP, the
    // clinical record); the approval itself waits on a verification (packages/domain holdsTreatment says so to the patient).
    isCritical: false,
    isReminder: false,
    safetyCheck: true,
    badge: 'Required',
    // Given by a weight-loss order that waits on a verification (modules/verification), never by a product.
    configuration: {},
  },
];

/**
 * The tasks an order brings, by the product's category. Reminder set-up and the coach call are defined but not
 * yet brought by any order: a patient must never be given a task the shop has no screen to complete.
 */
export const TASKS_BY_CATEGORY: Record<Category, string[]> = {
  'weight-loss': [TASK_CODES.photoId, TASK_CODES.weightCheckPhoto, TASK_CODES.gpInformation],
  'erectile-dysfunction': [TASK_CODES.photoId, TASK_CODES.gpInformation],
  'hair-loss': [TASK_CODES.photoId, TASK_CODES.gpInformation],
  supplements: [],
};
