import { describe, expect, it } from 'vitest';
import { needsNameConfirmation } from './name-confirmation';

describe('needsNameConfirmation', () => {
  it.each([
    ['Emma', true, true],
    [' sophie-may ', true, true],
    ['Emma', false, false],
    ['James', true, false],
    ['', true, false],
  ])('%j for a male-only treatment %s → %s', (name, maleOnly, expected) => {
    expect(needsNameConfirmation(name, maleOnly)).toBe(expected);
  });
});
