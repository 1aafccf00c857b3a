import { isPhotoLandingSlug, TASK_CODES, type Task } from '@elmwood/domain';

export const HEALTH_ACTIONS_PATH = '/account/health-actions';
export const GP_INFORMATION_PATH = '/account/gp-information';

const PHOTO_LANDING_BY_CODE: Record<string, string> = {
  [TASK_CODES.photoId]: 'upload-photo-id',
  [TASK_CODES.weightCheckPhoto]: 'weight-loss',
  [TASK_CODES.prescriptionPhoto]: 'upload-prescription',
};

function configured(task: Task, key: string): string | null {
  const value = task.details.configuration[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** The photo landing page of an upload task: its configured slug, else the one its code implies. */
export function photoLandingSlug(task: Task): string {
  const slug = configured(task, 'landingSlug') ?? PHOTO_LANDING_BY_CODE[task.taskDefinition.code] ?? 'upload-photo-id';
  return isPhotoLandingSlug(slug) ? slug : 'upload-photo-id';
}

/** The screen that completes a task; each carries the task's id so finishing it completes the task. */
export function taskPath(task: Task): string {
  const query = `?taskId=${encodeURIComponent(task.id)}`;
  switch (task.taskType) {
    case 'upload-photo':
      return `/account/upload/${photoLandingSlug(task)}${query}`;
    case 'gp-info':
      return `${GP_INFORMATION_PATH}${query}`;
    case 'reminder':
      return task.taskDefinition.code === TASK_CODES.reminderSetUp ? `/account/reminders/setup${query}` : `/account/tasks/${encodeURIComponent(task.id)}`;
    case 'questionnaire': {
      const slug = configured(task, 'slug');
      if (slug) return `/account/n/${encodeURIComponent(slug)}/quiz/1${query}`;
      return `/account/tasks/${encodeURIComponent(task.id)}`;
    }
    case 'coach-call':
      return `/account/coaches${query}`;
    case 'video-consultation':
      return `/account/video-consultation${query}`;
    default:
      return `/account/tasks/${encodeURIComponent(task.id)}`;
  }
}
