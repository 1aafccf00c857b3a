// What other features may use from follow-up tasks.
export { useOpenTasks } from './api';
export { taskPath, HEALTH_ACTIONS_PATH } from './taskPath';
