import { describe, expect, it } from 'vitest';
import { SECOND_ACCOUNT_RULE, similarNames } from './second-account';

const person = (firstName: string, lastName: string) => ({ firstName, lastName });

describe('similarNames', () => {
  it('holds for the same name written differently, a typo, a short form or an initial', () => {
    expect(similarNames(person('Alex', 'Smith'), person('alex', 'SMITH'))).toBe(true);
    expect(similarNames(person('Alex', 'Smith'), person('Alex', 'Smyth'))).toBe(true);
    expect(similarNames(person('Alexander', 'Smith'), person('Alex', 'Smith'))).toBe(true);
    expect(similarNames(person('A', 'Smith'), person('Alex', 'Smith'))).toBe(true);
    expect(similarNames(person('Jo', 'Brown'), person('Jon', 'Brown'))).toBe(true);
    expect(similarNames(person('Siobhán', "O'Neill"), person('Siobhan', 'ONeill'))).toBe(true);
    expect(similarNames(person('Mary-Jane', 'Watson'), person('Mary', 'Watson'))).toBe(true);
  });

  it('does not hold for another family name or another first name', () => {
    expect(similarNames(person('Alex', 'Smith'), person('Alex', 'Jones'))).toBe(false);
    expect(similarNames(person('Alex', 'Smith'), person('Sam', 'Smith'))).toBe(false);
    // Short family names allow one letter, not two.
    expect(similarNames(person('Alex', 'Lee'), person('Alex', 'Lea'))).toBe(true);
    expect(similarNames(person('Alex', 'Lee'), person('Alex', 'Lu'))).toBe(false);
    expect(similarNames(person('', 'Smith'), person('Alex', 'Smith'))).toBe(false);
  });

  it('cites the GPhC guidance', () => {
    expect(SECOND_ACCOUNT_RULE.source).toMatch(/GPhC/);
  });
});
