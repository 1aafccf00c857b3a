import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUTURE_MEASUREMENT_MESSAGE, MEASUREMENT_MESSAGES, TASK_CODES, type WeightLogs } from '@elmwood/domain';
import { eq } from 'drizzle-orm';
import { staffAuditLog } from '../../db/schema/clinic';
import { tasks } from '../../db/schema/tasks';
import { consultations } from '../../db/schema/quiz';
import { weightLogs } from '../../db/schema/weight';
import { bmiAnswer } from '../../seed/data/questionnaires/sample-answers';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId } from '../../../test/support/account';
import { placedOrderNumber } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { signedInStaff } from '../../../test/support/staff';
import { WEIGHT_FROM_ANSWERS_MESSAGE } from './service';
import { checkInProgressAnswers } from '../../../test/support/check-in';

// Noon on 1 March 2026: entries are dated against this clock.
const NOW = new Date('2026-03-01T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
});
afterAll(() => ctx.close());

type Item = { type: 'weight' | 'height' | 'bmi'; value: number; isTargetWeight?: boolean; unit?: string };
const log = (cookie: string, items: Item[], measuredAt?: string) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/weight-logs', headers: { cookie }, payload: { items, ...(measuredAt ? { measuredAt } : {}) } });
const edit = (cookie: string, id: string, items: Item[], measuredAt?: string) =>
  ctx.app.inject({ method: 'PUT', url: `/shop-api/weight-logs/${id}`, headers: { cookie }, payload: { items, ...(measuredAt ? { measuredAt } : {}) } });
const remove = (cookie: string, id: string) => ctx.app.inject({ method: 'DELETE', url: `/shop-api/weight-logs/${id}`, headers: { cookie } });
const list = async (cookie: string, query = '') => {
  const res = await ctx.app.inject({ url: `/shop-api/weight-logs${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<WeightLogs>();
};

describe('POST /shop-api/weight-logs and GET', () => {
  it('logs a weight in kg now, and lists it with the starting weight and date', async () => {
    const cookie = await signedInPatient(ctx.app);
    const created = await log(cookie, [{ type: 'weight', value: 92.5 }]);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ weightKg: 92.5, unit: 'kg', measuredAt: NOW.toISOString(), bmi: null, source: 'patient' });
    const logs = await list(cookie);
    expect(logs).toMatchObject({ startingWeightKg: 92.5, startingDate: NOW.toISOString(), endingDate: NOW.toISOString(), goalWeightKg: null, preferredUnit: 'kg', imperial: false });
    expect(logs.points).toHaveLength(1);
  });

  it('logs in stone and lbs, stored in kg with the unit typed', async () => {
    const cookie = await signedInPatient(ctx.app);
    const created = await log(cookie, [
      { type: 'weight', value: 14, unit: 'stone' },
      { type: 'weight', value: 2, unit: 'lbs' },
    ]);
    expect(created.statusCode).toBe(201);
    expect(created.json().unit).toBe('st-lbs');
    expect(created.json().weightKg).toBeCloseTo(89.81, 2);
  });

  it('works BMI out from the latest height and ignores a BMI the client sends', async () => {
    const cookie = await signedInPatient(ctx.app);
    const first = await log(cookie, [{ type: 'weight', value: 95 }, { type: 'height', value: 170 }, { type: 'bmi', value: 12 }], '2026-02-01T09:00:00Z');
    expect(first.json().bmi).toBe(32.9);
    const later = await log(cookie, [{ type: 'weight', value: 5, unit: 'stone' }, { type: 'weight', value: 0, unit: 'lbs' }, { type: 'bmi', value: 40 }]);
    expect(later.statusCode).toBe(201);
    // 5 st = 31.75 kg; 170 cm.
    expect(later.json().bmi).toBe(11);
    expect((await list(cookie)).heightCm).toBe(170);
  });

  it('sets a goal, which is not a point on the chart', async () => {
    const cookie = await signedInPatient(ctx.app);
    await log(cookie, [{ type: 'weight', value: 100 }]);
    const goal = await log(cookie, [{ type: 'weight', value: 12, unit: 'stone', isTargetWeight: true }, { type: 'weight', value: 0, unit: 'lbs', isTargetWeight: true }]);
    expect(goal.statusCode).toBe(201);
    const logs = await list(cookie);
    expect(logs.points).toHaveLength(1);
    expect(logs.goalWeightKg).toBeCloseTo(76.2, 1);
  });

  it('lists only points between from and to', async () => {
    const cookie = await signedInPatient(ctx.app);
    await log(cookie, [{ type: 'weight', value: 100 }], '2026-01-01T09:00:00Z');
    await log(cookie, [{ type: 'weight', value: 98 }], '2026-02-01T09:00:00Z');
    const logs = await list(cookie, '?from=2026-01-15T00:00:00Z&to=2026-02-15T00:00:00Z');
    expect(logs.points.map((point) => point.weightKg)).toEqual([98]);
    expect(logs.startingWeightKg).toBe(100);
  });
});

describe('POST /shop-api/weight-logs with an Idempotency-Key (an entry logged offline and sent again)', () => {
  const keyed = (cookie: string, key: string, value: number) =>
    ctx.app.inject({ method: 'POST', url: '/shop-api/weight-logs', headers: { cookie, 'idempotency-key': key }, payload: { items: [{ type: 'weight', value }], measuredAt: '2026-02-20T08:00:00Z' } });

  it('stores a repeated key once and answers the repeat with the first entry, also when sent at the same time', async () => {
    const { cookie, customerId } = await signedInPatientWithId(ctx.app, ctx.database.db);
    const key = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
    const [first, second] = await Promise.all([keyed(cookie, key, 88.4), keyed(cookie, key, 88.4)]);
    const third = await keyed(cookie, key, 88.4);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1);
    const rows = await ctx.database.db.select().from(weightLogs).where(eq(weightLogs.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ weightKg: 88.4, clientKey: key, measuredAt: new Date('2026-02-20T08:00:00Z') });
  });

  it('keeps entries with different keys, and one patient’s key never finds another’s entry', async () => {
    const one = await signedInPatientWithId(ctx.app, ctx.database.db);
    const other = await signedInPatientWithId(ctx.app, ctx.database.db);
    const key = 'f0e1d2c3-b4a5-4697-8877-665544332211';
    const mine = await keyed(one.cookie, key, 80);
    const theirs = await keyed(other.cookie, key, 70);
    const second = await keyed(one.cookie, 'f0e1d2c3-b4a5-4697-8877-665544332299', 79);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().weightKg).toBe(70);
    expect(second.json().id).not.toBe(mine.json().id);
    expect((await list(one.cookie)).points.map((point) => point.weightKg)).toEqual([80, 79]);
  });

  it('refuses a key that is not a UUID-like token with 400', async () => {
    const cookie = await signedInPatient(ctx.app);
    expect((await keyed(cookie, 'short', 80)).statusCode).toBe(400);
  });
});

describe('SPEC §5 limits, with the quiz’s messages', () => {
  const weight = (value: number, unit: string): Item[] =>
    unit === 'kg' ? [{ type: 'weight', value, unit }] : unit === 'stone' ? [{ type: 'weight', value, unit }, { type: 'weight', value: 0, unit: 'lbs' }] : [{ type: 'weight', value, unit }, { type: 'weight', value: 10, unit: 'stone' }];
  const height = (value: number, unit: string): Item[] => [
    { type: 'height', value, unit },
    ...(unit === 'cm' ? [] : unit === 'feet' ? [{ type: 'height' as const, value: 0, unit: 'inches' }] : [{ type: 'height' as const, value: 5, unit: 'feet' }]),
    { type: 'weight', value: 80 },
  ];

  it.each([
    ['kg', 445, 444.99, weight],
    ['kg', -1, 40, weight],
    ['stone', 71, 70.99, weight],
    ['stone', -1, 6, weight],
    ['lbs', 14.1, 14, weight],
    ['lbs', -0.1, 0, weight],
    ['cm', 230.1, 230, height],
    ['cm', 89.9, 90, height],
    ['feet', 8, 7.99, height],
    ['feet', 2.9, 3, height],
    ['inches', 12.1, 12, height],
    ['inches', -0.1, 0, height],
  ] as const)('%s: refuses %s, accepts %s', async (unit, refused, accepted, items) => {
    const cookie = await signedInPatient(ctx.app);
    const bad = await log(cookie, items(refused, unit));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [{ field: 'body.items.0.value', message: MEASUREMENT_MESSAGES[unit] }] } });
    expect((await log(cookie, items(accepted, unit))).statusCode).toBe(201);
  });

  it('refuses a zero weight, half an imperial weight, and a log with no weight', async () => {
    const cookie = await signedInPatient(ctx.app);
    expect((await log(cookie, [{ type: 'weight', value: 0 }])).json().message).toBe(`body.items: ${MEASUREMENT_MESSAGES.kg}`);
    expect((await log(cookie, [{ type: 'weight', value: 11, unit: 'stone' }])).statusCode).toBe(400);
    expect((await log(cookie, [{ type: 'height', value: 170 }])).statusCode).toBe(400);
    expect((await list(cookie)).points).toEqual([]);
  });

  it('refuses a date in the future, and takes one in the past', async () => {
    const cookie = await signedInPatient(ctx.app);
    const future = await log(cookie, [{ type: 'weight', value: 90 }], '2026-03-02T09:00:00Z');
    expect(future.statusCode).toBe(400);
    expect(future.json().details.issues).toEqual([{ field: 'body.measuredAt', message: FUTURE_MEASUREMENT_MESSAGE }]);
    const past = await log(cookie, [{ type: 'weight', value: 90 }], '2026-02-20T09:00:00+00:00');
    expect(past.json().measuredAt).toBe('2026-02-20T09:00:00.000Z');
    expect((await log(cookie, [{ type: 'weight', value: 90 }], 'yesterday')).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /shop-api/weight-logs/{id}', () => {
  it('edits an entry with the same list, working BMI out again', async () => {
    const cookie = await signedInPatient(ctx.app);
    await log(cookie, [{ type: 'weight', value: 100 }, { type: 'height', value: 180 }], '2026-01-01T09:00:00Z');
    const entry = (await log(cookie, [{ type: 'weight', value: 98 }], '2026-02-01T09:00:00Z')).json();
    expect(entry.bmi).toBe(30.2);
    const edited = await edit(cookie, entry.id, [{ type: 'weight', value: 15, unit: 'stone' }, { type: 'weight', value: 0, unit: 'lbs' }, { type: 'bmi', value: 1 }]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: entry.id, unit: 'st-lbs', bmi: 29.4, measuredAt: '2026-02-01T09:00:00.000Z' });
    expect((await list(cookie)).points.map((point) => Math.round(point.weightKg * 10) / 10)).toEqual([100, 95.3]);
    expect((await edit(cookie, entry.id, [{ type: 'weight', value: 445 }])).statusCode).toBe(400);
  });

  it('keeps what the list does not give: an entry’s goal and height stay when its weight is edited', async () => {
    const cookie = await signedInPatient(ctx.app);
    const entry = (await log(cookie, [{ type: 'weight', value: 100 }, { type: 'weight', value: 80, isTargetWeight: true }, { type: 'height', value: 200 }])).json();
    const edited = await edit(cookie, entry.id, [{ type: 'weight', value: 96 }]);
    expect(edited.json()).toMatchObject({ weightKg: 96, goalWeightKg: 80, heightCm: 200, bmi: 24 });
  });

  it('deletes an entry; a second delete is 404', async () => {
    const cookie = await signedInPatient(ctx.app);
    const entry = (await log(cookie, [{ type: 'weight', value: 100 }])).json();
    expect((await remove(cookie, entry.id)).statusCode).toBe(204);
    expect((await list(cookie)).points).toEqual([]);
    expect((await remove(cookie, entry.id)).statusCode).toBe(404);
  });

  it('answers 404 for another patient’s entry and for an id that is not one, and 401 signed out', async () => {
    const owner = await signedInPatient(ctx.app);
    const other = await signedInPatient(ctx.app);
    const entry = (await log(owner, [{ type: 'weight', value: 100 }])).json();
    const foreignEdit = await edit(other, entry.id, [{ type: 'weight', value: 50 }]);
    expect(foreignEdit.statusCode).toBe(404);
    expect(foreignEdit.json()).toEqual({ code: 'NOT_FOUND', message: 'We could not find that weight.' });
    expect((await remove(other, entry.id)).statusCode).toBe(404);
    expect((await list(other)).points).toEqual([]);
    expect((await list(owner)).points.map((point) => point.weightKg)).toEqual([100]);
    expect((await remove(owner, 'not-an-id')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/shop-api/weight-logs' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/weight-logs', payload: { items: [{ type: 'weight', value: 80 }] } })).statusCode).toBe(401);
  });
});

describe('PUT /shop-api/me/preferences', () => {
  it('saves the preferred unit, which the list then gives', async () => {
    const cookie = await signedInPatient(ctx.app);
    const saved = await ctx.app.inject({ method: 'PUT', url: '/shop-api/me/preferences', headers: { cookie }, payload: { weightUnit: 'st-lbs' } });
    expect(saved.json()).toEqual({ weightUnit: 'st-lbs' });
    expect(await list(cookie)).toMatchObject({ preferredUnit: 'st-lbs', imperial: true });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/shop-api/me/preferences', headers: { cookie }, payload: { weightUnit: 'lbs' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('points from answers', () => {
  it('the consultation’s weight and height become the first point after an order, and its goal the goal', async () => {
    const { cookie, customerId } = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect((await list(cookie)).points).toEqual([]);
    await placedOrderNumber(ctx.app, cookie);
    const logs = await list(cookie);
    // Dated when the patient answered the consultation.
    const [point] = await ctx.database.db.select().from(weightLogs).where(eq(weightLogs.customerId, customerId));
    const [answered] = await ctx.database.db.select({ at: consultations.updatedAt }).from(consultations).where(eq(consultations.id, point!.consultationId!));
    expect(logs.points[0]!.measuredAt).toBe(answered!.at.toISOString());
    expect(logs.points).toHaveLength(1);
    expect(logs.points[0]).toMatchObject({ source: 'consultation', unit: 'kg', bmi: 32, heightCm: 200, weightKg: 128 });
    expect(logs.goalWeightKg).toBe(80);
    expect(logs.startingWeightKg).toBe(128);
    expect(logs.preferredUnit).toBe('kg');

    // It is part of what the prescriber read: the patient cannot rewrite or delete it.
    for (const refused of [await edit(cookie, logs.points[0]!.id, [{ type: 'weight', value: 120 }]), await remove(cookie, logs.points[0]!.id)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'WEIGHT_FROM_ANSWERS', message: WEIGHT_FROM_ANSWERS_MESSAGE });
    }
    expect((await list(cookie)).points[0]).toMatchObject({ weightKg: 128, source: 'consultation' });
  });

  it('a check-in’s weight adds a point when its task is answered', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    const [task] = await ctx.database.db.insert(tasks).values({ customerId: patient.customerId, code: TASK_CODES.weightLossCheckIn }).returning({ id: tasks.id });
    const answer = (body: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${task!.id}`, headers: { cookie: patient.cookie }, payload: body });
    await answer({ 'check-in-measurements': { ci_bmi: bmiAnswer(28) } });
    await answer({ 'check-in-side-effects': { ci_side_effects: ['none'] } });
    expect((await list(patient.cookie)).points).toEqual([]);
    const last = await answer({ 'check-in-progress': checkInProgressAnswers() });
    expect(last.json().flags.complete).toBe(true);
    const logs = await list(patient.cookie);
    expect(logs.points).toHaveLength(1);
    expect(logs.points[0]).toMatchObject({ source: 'check-in', weightKg: 112, bmi: 28 });
  });
});

describe('the clinic', () => {
  it('reads the same table as the patient’s chart, and the read is logged', async () => {
    const cookie = await signedInPatient(ctx.app);
    const number = await placedOrderNumber(ctx.app, cookie);
    await log(cookie, [{ type: 'weight', value: 125.04 }]);
    const prescriber = await signedInStaff(ctx, 'prescriber');
    const review = await ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: prescriber.cookie } });
    expect(review.statusCode).toBe(200);
    const measurements = review.json().measurements;
    expect(measurements).toHaveLength(2);
    expect(measurements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderNumber: number, source: 'consultation', weightKg: 128, heightCm: 200, bmi: 32 }),
        expect.objectContaining({ orderNumber: null, source: 'patient', weightKg: 125, bmi: 31.3 }),
      ]),
    );
    const audit = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.orderNumber, number));
    expect(audit.map((row) => row.action)).toContain('read-weights');
  });
});

describe('the OpenAPI document', () => {
  it('documents every weight route', async () => {
    const paths = (await ctx.app.inject({ url: '/shop-api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/shop-api/weight-logs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/shop-api/weight-logs/{id}'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(paths['/shop-api/me/preferences'] ?? {})).toEqual(['put']);
  });
});
