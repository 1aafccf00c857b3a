// What other modules may use from tasks.
export { createTasksForOrder, findTasks, toTask, type TaskFilter } from './repo';
export { completeOpenTasksWhere, completeTask, findOwnTask, taskBook, type CheckInAnswered, type OpenTaskRow } from './completion';
export { taskRoutes } from './routes';
export { offerFirstCoachCall, offerReminderSetUp } from './reminder-offer';
export { answerOpenQuestionWith } from './answer';
