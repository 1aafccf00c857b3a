export const COACHES_PATH = '/account/coaches';
export const COACH_CONFIRM_PATH = '/account/coaches/confirm';
export const BOOK_CALL_PATH = '/account/coaches/book';
export const APPOINTMENTS_PATH = '/account/appointments';

/** Carries the task being done (?taskId=…) from page to page, so booking can show its popup. */
export function withTask(path: string, taskId: string | null, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (taskId) query.set('taskId', taskId);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
