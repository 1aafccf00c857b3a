import { describe, expect, it } from 'vitest';
import { ORDER_LIFECYCLE, ORDER_PAYMENT_LIFECYCLE, type Lifecycle } from '@elmwood/domain';
import { ORDER_EFFECT_HANDLERS } from './order-effects';

/** Every effect a lifecycle table names, in any of its rows. */
const named = (table: Lifecycle<string, string, string, string>) => new Set(Object.values(table.transitions).flatMap((transition) => transition.effects));

describe('the order effects', () => {
  it.each([
    ['order', ORDER_LIFECYCLE],
    ['payment', ORDER_PAYMENT_LIFECYCLE],
  ] as const)('have a handler for every effect the %s table names', (_name, table) => {
    const handled = new Set(Object.keys(ORDER_EFFECT_HANDLERS));
    expect([...named(table)].filter((effect) => !handled.has(effect))).toEqual([]);
  });

  it('have no handler that no table calls for', () => {
    const calledFor = new Set([...named(ORDER_LIFECYCLE), ...named(ORDER_PAYMENT_LIFECYCLE)]);
    expect(Object.keys(ORDER_EFFECT_HANDLERS).filter((effect) => !calledFor.has(effect))).toEqual([]);
  });
});
