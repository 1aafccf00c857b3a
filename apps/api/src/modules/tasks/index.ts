// What other modules may use from tasks.
export { createTasksForOrder, findTasks, type TaskFilter } from './repo';
