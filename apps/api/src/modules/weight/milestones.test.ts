import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Milestones } from '@elmwood/domain';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
let clock = new Date('2027-03-01T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
});
afterAll(() => ctx.close());

const weigh = (patient: Patient, day: string, value: number, goal?: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/shop-api/weight-logs',
    headers: { cookie: patient.cookie },
    payload: { items: [{ type: 'weight', value }, ...(goal ? [{ type: 'weight', value: goal, isTargetWeight: true }] : [])], measuredAt: `${day}T08:00:00Z` },
  });
const milestones = async (patient: Patient) => (await ctx.app.inject({ url: '/shop-api/milestones', headers: { cookie: patient.cookie } })).json<Milestones>();
const codes = async (patient: Patient) => (await milestones(patient)).milestones.map((milestone) => milestone.code);

describe('milestones from the weight log', () => {
  it('the first weigh-in, then 5% exactly (not 4.99%), then 10%, the goal: each shown once', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect(await milestones(patient)).toEqual({ milestones: [], plateau: null });
    expect((await weigh(patient, '2027-01-04', 100, 85)).statusCode).toBe(201);
    const first = await milestones(patient);
    expect(first.milestones).toEqual([{ code: 'first-entry', title: 'Your first weigh-in', text: expect.stringContaining('this is where your progress starts'), reachedAt: '2027-01-04T08:00:00.000Z', isNew: true }]);

    await weigh(patient, '2027-01-11', 95.01);
    expect(await codes(patient)).toEqual(['first-entry']);
    await weigh(patient, '2027-01-18', 95);
    expect(await codes(patient)).toEqual(['first-entry', 'lost-5-percent']);
    await weigh(patient, '2027-01-25', 90.01);
    expect(await codes(patient)).not.toContain('lost-10-percent');
    await weigh(patient, '2027-02-01', 90);
    expect(await codes(patient)).toContain('lost-10-percent');
    await weigh(patient, '2027-02-08', 85);
    expect(await codes(patient)).toContain('goal-reached');

    // Shown: not new any more; a later gain takes nothing back.
    const seen = await ctx.app.inject({ method: 'POST', url: '/shop-api/milestones/seen', headers: { cookie: patient.cookie }, payload: { codes: ['first-entry', 'lost-5-percent'] } });
    expect(seen.statusCode).toBe(204);
    await weigh(patient, '2027-02-15', 99);
    const after = await milestones(patient);
    expect(after.milestones.map((milestone) => [milestone.code, milestone.isNew])).toEqual([
      ['first-entry', false],
      ['lost-5-percent', false],
      // In the order they were reached: the fourth weekly weigh-in (25 Jan) came before the 10% (1 Feb).
      ['logged-4-weeks', true],
      ['lost-10-percent', true],
      ['goal-reached', true],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/milestones/seen', headers: { cookie: patient.cookie }, payload: { codes: ['not-a-milestone'] } })).statusCode).toBe(400);
  });

  it('4 and 12 weeks of weekly weigh-ins at their boundaries, and another patient’s are not theirs', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    const monday = (week: number) => addDays('2026-11-30', 7 * week);
    for (let week = 0; week < 3; week += 1) await weigh(patient, monday(week), 100);
    expect(await codes(patient)).toEqual(['first-entry']);
    await weigh(patient, monday(3), 100);
    expect(await codes(patient)).toContain('logged-4-weeks');
    for (let week = 4; week < 11; week += 1) await weigh(patient, monday(week), 100 - week * 0.1);
    expect(await codes(patient)).not.toContain('logged-12-weeks');
    await weigh(patient, monday(11), 98.5);
    const reached = (await milestones(patient)).milestones.find((milestone) => milestone.code === 'logged-12-weeks');
    expect(reached?.reachedAt).toBe(`${monday(11)}T08:00:00.000Z`);

    const other = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect(await milestones(other)).toEqual({ milestones: [], plateau: null });
  });

  it('a plateau of four weeks suggests the coach; steady loss does not', async () => {
    clock = new Date('2027-03-01T12:00:00Z');
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    await weigh(patient, '2027-01-25', 90);
    await weigh(patient, '2027-02-08', 89.9);
    await weigh(patient, '2027-02-22', 89.6);
    const stuck = await milestones(patient);
    expect(stuck.plateau).toEqual({ since: '2027-01-25', text: expect.stringContaining('A call with your coach'), source: expect.stringContaining('NICE NG246') });

    const moving = await signedInPatientWithId(ctx.app, ctx.database.db);
    await weigh(moving, '2027-01-25', 90);
    await weigh(moving, '2027-02-22', 89.55);
    expect((await milestones(moving)).plateau).toBeNull();
  });
});
