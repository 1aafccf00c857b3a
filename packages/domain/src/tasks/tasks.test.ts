import { describe, expect, it } from 'vitest';
import { finishedStepCount, thankYouHeadline } from '../orders/thank-you';
import { holdsTreatment, noTasksMessage, openTasksMessage, TASK_CODES, taskCountLabel, tasksLoadErrorMessage } from './tasks';

describe('taskCountLabel', () => {
  it.each([
    [0, '0'],
    [6, '6'],
    [7, '7+'],
    [12, '7+'],
  ])('%i → %s', (count, label) => {
    expect(taskCountLabel(count)).toBe(label);
  });
});

describe('openTasksMessage', () => {
  const tasks = (critical: number, optional: number) => [
    ...Array.from({ length: critical }, () => ({ taskDefinition: { isCritical: true } })),
    ...Array.from({ length: optional }, () => ({ taskDefinition: { isCritical: false } })),
  ];
  it('says only critical tasks hold the treatment up, and calls the rest optional', () => {
    expect(openTasksMessage(tasks(2, 0))).toBe('You have 2 tasks to complete before we can send your treatment.');
    expect(openTasksMessage(tasks(1, 0))).toBe('You have 1 task to complete before we can send your treatment.');
    expect(openTasksMessage(tasks(0, 2))).toBe('You have 2 optional tasks, to do when it suits you.');
    expect(openTasksMessage(tasks(0, 1))).toBe('You have 1 optional task, to do when it suits you.');
    expect(openTasksMessage(tasks(1, 2))).toBe('You have 1 task to complete before we can send your treatment, and 2 optional tasks.');
    expect(openTasksMessage(tasks(8, 0))).toBe('You have 7+ tasks to complete before we can send your treatment.');
    expect(openTasksMessage([])).toBeNull();
  });
});

describe('empty task list', () => {
  it('reads as done once there were tasks, else as nothing to do yet', () => {
    expect(noTasksMessage(true)).toBe('You are all set');
    expect(noTasksMessage(false)).toBe('No tasks at the moment');
  });
  it('words a load failure as the spec does', () => {
    expect(tasksLoadErrorMessage('Network error')).toBe('Error loading tasks (Network error). Please reload page to try again.');
  });
});

describe('thankYouHeadline', () => {
  it.each([
    [{ hasBooking: true, hasCriticalTasks: false }, "Thank you, Sam, you're all set"],
    [{ hasBooking: true, hasCriticalTasks: true }, 'Almost done, Sam, one more step before you can get your order'],
    [{ hasBooking: false, hasCriticalTasks: true }, 'Almost done, Sam, one more step before you can get your order'],
    [{ hasBooking: false, hasCriticalTasks: false }, 'Thanks for your order, Sam'],
  ])('%j → %s', (flags, headline) => {
    expect(thankYouHeadline({ firstName: 'Sam', ...flags })).toBe(headline);
  });
});

describe('finishedStepCount', () => {
  it('counts the steps before the first that needs action', () => {
    const step = (actionNeeded: boolean) => ({ title: 't', actionNeeded });
    expect(finishedStepCount([step(false), step(false), step(true), step(false)])).toBe(2);
    expect(finishedStepCount([step(true)])).toBe(0);
    expect(finishedStepCount([step(false)])).toBe(1);
  });
});

describe('the video consultation task', () => {
  it('holds the treatment though it is not critical: the patient is never told it is optional', () => {
    const video = { taskDefinition: { code: TASK_CODES.videoConsultation, isCritical: false } };
    const gp = { taskDefinition: { code: TASK_CODES.gpInformation, isCritical: false } };
    expect(holdsTreatment(video)).toBe(true);
    expect(holdsTreatment(gp)).toBe(false);
    expect(openTasksMessage([video, gp])).toBe('You have 1 task to complete before we can send your treatment, and 1 optional task.');
  });
});
