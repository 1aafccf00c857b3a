export const HEALTH_ACTIONS_PATH = '/account/health-actions';
export const ACCOUNT_HOME_PATH = '/account/home';

/** A task's place in the account area's task list. */
export function taskPath(taskId: string): string {
  return `${HEALTH_ACTIONS_PATH}?taskId=${encodeURIComponent(taskId)}`;
}
