// What other features may use from follow-up tasks.
export { taskKeys, useOpenTasks } from './api';
export { taskPath, HEALTH_ACTIONS_PATH } from './taskPath';
