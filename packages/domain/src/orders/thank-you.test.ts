import { describe, expect, it } from 'vitest';
import { openCriticalTasks, orderEmailNote } from './thank-you';

describe('openCriticalTasks', () => {
  const task = (state: string, isCritical: boolean) => ({ state, taskDefinition: { isCritical } });
  it('keeps only open critical tasks', () => {
    const open = task('open', true);
    expect(openCriticalTasks([open, task('completed', true), task('open', false)])).toEqual([open]);
  });
});

it('notes where the confirmation went', () => {
  expect(orderEmailNote('sam@example.com')).toBe("We've emailed your order confirmation to sam@example.com.");
});
