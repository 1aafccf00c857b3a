import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LIFECYCLE } from '@elmwood/domain';
import { PLAN_EFFECT_HANDLERS } from './plan-effects';

const named = new Set(Object.values(SUBSCRIPTION_LIFECYCLE.transitions).flatMap((transition) => transition.effects));

describe('the plan effects', () => {
  it('have a handler for every effect the subscription table names', () => {
    const handled = new Set(Object.keys(PLAN_EFFECT_HANDLERS));
    expect([...named].filter((effect) => !handled.has(effect))).toEqual([]);
  });

  it('have no handler that the table never calls for', () => {
    expect(Object.keys(PLAN_EFFECT_HANDLERS).filter((effect) => !named.has(effect as never))).toEqual([]);
  });
});
