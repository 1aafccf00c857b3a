import { describe, expect, it } from 'vitest';
import { normaliseOrderNumber, ORDER_NUMBER_PATTERN } from './order-number';

describe('normaliseOrderNumber', () => {
  it.each([
    ['EH-7KQ4-M2XP', 'EH-7KQ4-M2XP'],
    ['eh-7kq4-m2xp', 'EH-7KQ4-M2XP'],
    [' EH 7KQ4 M2XP ', 'EH-7KQ4-M2XP'],
    ['eh7kq4m2xp', 'EH-7KQ4-M2XP'],
    ['Eh - 7kq4 - m2Xp', 'EH-7KQ4-M2XP'],
  ])('reads %j as %s', (typed, number) => {
    expect(normaliseOrderNumber(typed)).toBe(number);
    expect(ORDER_NUMBER_PATTERN.test(normaliseOrderNumber(typed))).toBe(true);
  });

  it('leaves what is no order number as typed, trimmed', () => {
    expect(normaliseOrderNumber('  hello ')).toBe('hello');
    expect(normaliseOrderNumber('EH-7KQ4-M2X')).toBe('EH-7KQ4-M2X');
  });
});
