// What other features may use from follow-up tasks.
export { markTaskCompleted, taskKeys, useOpenTask, useOpenTasks } from './api';
export { taskPath, HEALTH_ACTIONS_PATH } from './taskPath';
export { TaskCompletedDialog } from './components/TaskCompletedDialog';
export { useAfterTask } from './hooks/useAfterTask';
