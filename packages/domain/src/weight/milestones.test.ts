import { describe, expect, it } from 'vitest';
import { MILESTONE_RULES, milestonesReached, PLATEAU_RULE, weightPlateau, type MilestonePoint } from './milestones';

const at = (date: string, weightKg: number): MilestonePoint => ({ measuredAt: `${date}T08:00:00.000Z`, weightKg });
const codes = (points: MilestonePoint[], goal: number | null = null) => milestonesReached(points, goal).map((milestone) => milestone.code);

describe('weight milestones, at their boundaries', () => {
  it('rest on NICE, and say so', () => {
    expect(MILESTONE_RULES.source).toMatch(/NICE NG246/);
    expect(PLATEAU_RULE.source).toMatch(/NICE NG246/);
  });

  it('nothing before a first weigh-in; the first one is a milestone', () => {
    expect(milestonesReached([], null)).toEqual([]);
    expect(milestonesReached([at('2026-12-01', 100)], null)).toEqual([{ code: 'first-entry', reachedAt: '2026-12-01T08:00:00.000Z' }]);
  });

  it('5% lost exactly counts, 4.99% does not; 10% the same', () => {
    expect(codes([at('2026-12-01', 100), at('2026-12-02', 95.01)])).toEqual(['first-entry']);
    expect(milestonesReached([at('2026-12-01', 100), at('2026-12-02', 95.01), at('2026-12-03', 95)], null)).toContainEqual({ code: 'lost-5-percent', reachedAt: '2026-12-03T08:00:00.000Z' });
    expect(codes([at('2026-12-01', 100), at('2026-12-02', 90.01)])).toEqual(['first-entry', 'lost-5-percent']);
    expect(codes([at('2026-12-01', 100), at('2026-12-02', 90)])).toEqual(['first-entry', 'lost-5-percent', 'lost-10-percent']);
    // A float that is 10% in words: 87.3 from 97.0.
    expect(codes([at('2026-12-01', 97), at('2026-12-02', 87.3)])).toContain('lost-10-percent');
  });

  it('stays reached after a gain back, at the weigh-in that first reached it', () => {
    const reached = milestonesReached([at('2026-12-01', 100), at('2026-12-02', 94), at('2026-12-03', 97)], null);
    expect(reached).toContainEqual({ code: 'lost-5-percent', reachedAt: '2026-12-02T08:00:00.000Z' });
  });

  it('the goal when a weigh-in is at or under it, only a goal below the start', () => {
    expect(codes([at('2026-12-01', 100), at('2026-12-02', 80.1)], 80)).not.toContain('goal-reached');
    expect(codes([at('2026-12-01', 100), at('2026-12-02', 80)], 80)).toContain('goal-reached');
    expect(codes([at('2026-12-01', 100)], 105)).not.toContain('goal-reached');
  });

  it('4 and 12 weeks of weekly weigh-ins: UK weeks in a row, from Monday; a missed week starts again', () => {
    // Mondays from 30 Nov 2026; the third week's weigh-in on Sunday 20 Dec still counts for that week.
    const weekly = (weeks: number, start = 0) => Array.from({ length: weeks }, (_, week) => at(new Date(Date.UTC(2026, 10, 30 + 7 * (week + start))).toISOString().slice(0, 10), 100));
    expect(codes(weekly(3))).toEqual(['first-entry']);
    const four = milestonesReached(weekly(4), null);
    expect(four).toContainEqual({ code: 'logged-4-weeks', reachedAt: '2026-12-21T08:00:00.000Z' });
    expect(codes([at('2026-11-30', 100), at('2026-12-07', 100), at('2026-12-20', 100), at('2026-12-21', 100)])).toContain('logged-4-weeks');
    // Two weigh-ins in one week are one week.
    expect(codes([at('2026-11-30', 100), at('2026-12-01', 100), at('2026-12-07', 100), at('2026-12-14', 100)])).not.toContain('logged-4-weeks');
    // A gap: weeks 1–3, none in week 4, weeks 5–7: no run of 4 yet.
    expect(codes([...weekly(3), ...weekly(3, 4)])).not.toContain('logged-4-weeks');
    expect(codes(weekly(11))).not.toContain('logged-12-weeks');
    expect(milestonesReached(weekly(12), null)).toContainEqual({ code: 'logged-12-weeks', reachedAt: '2027-02-15T08:00:00.000Z' });
  });
});

describe('a plateau of four weeks suggests the coach', () => {
  it('within 0.5% either way over 4 weeks of logging, measured from the weigh-in 4 weeks before the latest', () => {
    const points = [at('2026-11-01', 100), at('2026-11-29', 99.6)];
    expect(weightPlateau(points, '2026-11-30')).toEqual({ since: '2026-11-01' });
    // 0.5% exactly is progress, not a plateau; nor is a rise of 0.5% or more.
    expect(weightPlateau([at('2026-11-01', 100), at('2026-11-29', 99.5)], '2026-11-30')).toBeNull();
    expect(weightPlateau([at('2026-11-01', 100), at('2026-11-29', 100.4)], '2026-11-30')).toEqual({ since: '2026-11-01' });
    expect(weightPlateau([at('2026-11-01', 100), at('2026-11-29', 100.5)], '2026-11-30')).toBeNull();
    // Not yet 4 weeks between them.
    expect(weightPlateau([at('2026-11-02', 100), at('2026-11-29', 100)], '2026-11-30')).toBeNull();
    // Stale: the latest weigh-in is more than 2 weeks old.
    expect(weightPlateau(points, '2026-12-14')).toBeNull();
    expect(weightPlateau([], '2026-12-14')).toBeNull();
  });
});
