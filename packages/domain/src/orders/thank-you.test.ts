import { describe, expect, it } from 'vitest';
import { criticalTasksVariant, openCriticalTasks, orderEmailNote } from './thank-you';

describe('criticalTasksVariant', () => {
  it.each([
    [{ stored: 'app', forced: null }, 'app'],
    [{ stored: 'control', forced: null }, 'control'],
    [{ stored: undefined, forced: null }, 'control'],
    [{ stored: 'something-else', forced: null }, 'control'],
    [{ stored: 'control', forced: 'app' }, 'app'],
    [{ stored: 'app', forced: 'control' }, 'control'],
    [{ stored: 'app', forced: 'nonsense' }, 'app'],
  ] as const)('%j → %s', (input, variant) => {
    expect(criticalTasksVariant(input)).toBe(variant);
  });
});

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
