// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOVES_THE_CLOCK } from '../../e2e/support/clock-specs';

const E2E = join(__dirname, '../../e2e');

describe('the browser specs that move the shop’s clock', () => {
  it('all run in the clock projects, apart from the others', () => {
    const moving = readdirSync(E2E).filter((name) => name.endsWith('.spec.ts') && readFileSync(join(E2E, name), 'utf8').includes('/dev/clock'));
    expect(moving.length).toBeGreaterThan(0);
    expect(moving.filter((name) => !MOVES_THE_CLOCK.test(name))).toEqual([]);
  });
});
