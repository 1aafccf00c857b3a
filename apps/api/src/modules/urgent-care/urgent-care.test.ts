import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, CHECK_IN_RULES, contactByText, type PlanManagement, type TriggeredRule, type UrgentItem, type UrgentQueue } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { customers, mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { orderItems, orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { deliverNotifications } from '../../../test/support/notifications';
import { orderInReview, signedInStaff, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';
import { openUrgentItem } from './index';

const shop = renewalShop();
const { at, db, round, planRow } = shop;

const clinic = (staff: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });
const openItems = (customerId: number) =>
  db()
    .select()
    .from(urgentClinicalItems)
    .where(and(eq(urgentClinicalItems.customerId, customerId), sql`${urgentClinicalItems.closedAt} is null`));

/** A patient on a monthly Wegovy plan, last supplied 0.5 mg (dispatched), a week before the next delivery with the check-in open. */
async function patientDueACheckIn() {
  at('2026-11-23');
  const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  // Supplied at the second step, so a clinician may restart one step lower.
  await db().update(orderItems).set({ variantCode: 'WEGOVY-0-5MG', variantName: '0.5 mg', dosage: '0.5 mg' }).where(eq(orderItems.orderId, order!.id));
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  expect((await clinic(shop.prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
  expect((await clinic(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const delivery = plan!.nextDeliveryDate;
  at(addDays(delivery, -7));
  await round();
  return { patient, planId: plan!.id, delivery };
}

const stopAnswer = (patient: Patient) => answerCheckIn(shop.ctx, patient, { sideEffects: ['severe_stomach_pain'] });

describe('the urgent clinical queue', () => {
  it('puts a stop answer in one urgent item with the rule, its source, the answers in words and a due time; the email says who calls and by when', async () => {
    const { patient, planId } = await patientDueACheckIn();
    await stopAnswer(patient);
    expect((await planRow(planId)).state).toBe('suspended');

    const [item] = await openItems(patient.customerId);
    expect(item!.rules.map((rule) => rule.ruleId)).toEqual([CHECK_IN_RULES.possiblePancreatitis.id]);
    expect(item!.dueAt.getTime() - shop.clock.getTime()).toBe(24 * 3_600_000);
    expect(item!.answers).toEqual(expect.arrayContaining([expect.objectContaining({ answer: expect.stringMatching(/stomach/i) })]));

    const [message] = await db().select().from(notifications).where(and(eq(notifications.template, 'check-in-outcome'), eq(notifications.customerId, patient.customerId)));
    expect(message!.data).toMatchObject({ supplyStopped: true, contactBy: item!.dueAt.toISOString() });
    await deliverNotifications({ app: shop.ctx.app, db: db() }, shop.clock);
    const [customer] = await db().select({ email: customers.email }).from(customers).where(eq(customers.id, patient.customerId));
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer!.email)).orderBy(asc(mailOutbox.id));
    expect(mails.map((row) => row.text).join('\n')).toContain(`One of our prescribers will phone you on the number in your account by ${contactByText(item!.dueAt)}.`);
  });

  it('makes one item of two check-ins raised at the same time (two transactions on PostgreSQL), with both rules, due at the earlier time', async () => {
    const patient = await signedInPatientWithId(shop.ctx.app, db());
    const now = new Date('2026-11-28T10:00:00Z');
    const rule = (from: { id: string; summary: string; source: string; rationale: string }): TriggeredRule => ({
      ruleId: from.id,
      kind: 'flag',
      level: 'urgent',
      summary: from.summary,
      questionIds: ['ci_side_effects'],
      productCode: null,
      source: from.source,
      rationale: from.rationale,
    });
    const stop = rule(CHECK_IN_RULES.possiblePancreatitis);
    const mood = rule(CHECK_IN_RULES.lowMood);
    const raise = (rules: TriggeredRule[]) =>
      db().transaction(async (tx) => {
        const opened = await openUrgentItem(tx, { customerId: patient.customerId, consultationId: randomUUID(), rules, now });
        await tx.execute(sql`select pg_sleep(0.2)`);
        return opened;
      });
    const [first, second] = await Promise.all([raise([stop]), raise([mood])]);
    expect(first.id).toBe(second.id);
    const items = await openItems(patient.customerId);
    expect(items).toHaveLength(1);
    expect(items[0]!.rules.map((rule) => rule.ruleId).sort()).toEqual([CHECK_IN_RULES.lowMood.id, CHECK_IN_RULES.possiblePancreatitis.id].sort());
    expect(items[0]!.consultationIds).toHaveLength(2);
    expect(items[0]!.dueAt.toISOString()).toBe('2026-11-28T14:00:00.000Z');
  });

  it('joins, through the real check-in, an item another signal is opening at the same moment (its transaction not yet committed): one item, both rules, the email naming the joined due time', async () => {
    const { patient, planId } = await patientDueACheckIn();
    const mood: TriggeredRule = {
      ruleId: CHECK_IN_RULES.lowMood.id,
      kind: 'flag',
      level: 'urgent',
      summary: CHECK_IN_RULES.lowMood.summary,
      questionIds: ['ci_side_effects'],
      productCode: null,
      source: CHECK_IN_RULES.lowMood.source,
      rationale: CHECK_IN_RULES.lowMood.rationale,
    };
    // Another signal's transaction opens the patient's item and holds it uncommitted while the check-in is answered.
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const other = db().transaction(async (tx) => {
      const item = await openUrgentItem(tx, { customerId: patient.customerId, consultationId: randomUUID(), rules: [mood], now: shop.clock });
      opened();
      await released;
      return item;
    });
    await isOpen;
    const checkIn = stopAnswer(patient);
    // The check-in's own insert waits on the uncommitted item: a lock wait seen by PostgreSQL, not a guess at timing.
    await expect
      .poll(async () => {
        const result = await db().execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting;
      }, { timeout: 30_000 })
      .toBeGreaterThan(0);
    release();
    const first = await other;
    await checkIn;

    const items = await openItems(patient.customerId);
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(first.id);
    expect(items[0]!.rules.map((rule) => rule.ruleId).sort()).toEqual([CHECK_IN_RULES.lowMood.id, CHECK_IN_RULES.possiblePancreatitis.id].sort());
    expect(items[0]!.consultationIds).toHaveLength(2);
    // Low mood's 4 calling hours come before the stopped supply's 12: the joined item keeps the earlier, and the email says it.
    expect(items[0]!.dueAt).toEqual(first.dueAt);
    expect((await planRow(planId)).state).toBe('suspended');
    const [message] = await db().select().from(notifications).where(and(eq(notifications.template, 'check-in-outcome'), eq(notifications.customerId, patient.customerId)));
    expect(message!.data).toMatchObject({ supplyStopped: true, contactBy: first.dueAt.toISOString() });
  });

  it('also raises one item when the same check-in is sent twice at once', async () => {
    const { patient } = await patientDueACheckIn();
    const [first, second] = await Promise.allSettled([stopAnswer(patient), stopAnswer(patient)]);
    expect([first.status, second.status]).toContain('fulfilled');
    expect(await openItems(patient.customerId)).toHaveLength(1);
  });

  it('is owned, acted on (a call, a restart at a lower dose) and closed by a prescriber, all audited; admins see it overdue; others may not act', async () => {
    const { patient, planId } = await patientDueACheckIn();
    await answerCheckIn(shop.ctx, patient, { sideEffects: ['severe_stomach_pain', 'low_mood'] });
    const admin = await signedInStaff(shop.ctx, 'admin');
    const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');

    const queue = (await clinic(shop.prescriber, 'GET', '/urgent')).json<UrgentQueue>();
    const [row] = await openItems(patient.customerId);
    const listed = queue.items.find((entry) => entry.id === row!.id)!;
    expect(listed).toMatchObject({ overdue: false, owner: null, reasons: [CHECK_IN_RULES.possiblePancreatitis.summary, CHECK_IN_RULES.lowMood.summary] });
    const id = listed.id;

    const item = (await clinic(shop.prescriber, 'GET', `/urgent/${id}`)).json<UrgentItem>();
    expect(item.rules.map((rule) => rule.source)).toEqual([CHECK_IN_RULES.possiblePancreatitis.source, CHECK_IN_RULES.lowMood.source]);
    expect(item.plans).toEqual([expect.objectContaining({ id: planId, state: 'suspended', stoppedByCheckIn: true, currentDose: '0.5 mg', restartDoses: [{ variantCode: 'WEGOVY-0-25MG', dosage: '0.25 mg' }, { variantCode: 'WEGOVY-0-5MG', dosage: '0.5 mg' }] })]);

    expect((await clinic(pharmacist, 'POST', `/urgent/${id}/own`)).statusCode).toBe(403);
    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/close`, { note: 'Nothing to do' })).statusCode).toBe(422);
    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/actions`, { action: 'called_patient', note: '' })).statusCode).toBe(400);
    expect((await clinic(shop.prescriber, 'POST', `/urgent/not-an-id/own`)).statusCode).toBe(400);

    // Past its due time, the open item shows as overdue to an admin.
    at(addDays(shop.clock.toISOString().slice(0, 10), 1));
    expect((await clinic(admin, 'GET', '/urgent')).json<UrgentQueue>().items.find((entry) => entry.id === id)).toMatchObject({ overdue: true });

    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/own`)).json<UrgentItem>().owner).not.toBeNull();
    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/actions`, { action: 'called_patient', note: 'Pain settled; no vomiting; mood better, has support at home.' })).statusCode).toBe(200);
    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/actions`, { action: 'restarted_plan', note: 'Restart one step lower', planId, variantCode: 'WEGOVY-1MG' })).statusCode).toBe(422);
    const restarted = await clinic(shop.prescriber, 'POST', `/urgent/${id}/actions`, { action: 'restarted_plan', note: 'Restart one step lower', planId, variantCode: 'WEGOVY-0-25MG' });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json<UrgentItem>().actions.map((action) => action.action)).toEqual(['Called the patient', 'Restarted the plan']);

    const plan = (await shop.ctx.app.inject({ url: `/shop-api/subscriptions/${planId}/plan`, headers: { cookie: patient.cookie } })).json<PlanManagement>();
    expect(plan).toMatchObject({ state: 'active', supplyStopped: false, dose: { current: '0.5 mg', requested: '0.25 mg' } });

    const closed = await clinic(shop.prescriber, 'POST', `/urgent/${id}/close`, { note: 'Restarted at 0.25 mg; review at next check-in.' });
    expect(closed.json<UrgentItem>().closed).toMatchObject({ note: 'Restarted at 0.25 mg; review at next check-in.' });
    expect((await clinic(shop.prescriber, 'GET', '/urgent')).json<UrgentQueue>().items.map((entry) => entry.id)).not.toContain(id);
    expect((await clinic(shop.prescriber, 'POST', `/urgent/${id}/close`, { note: 'again' })).statusCode).toBe(409);

    const audited = await db().select({ action: staffAuditLog.action }).from(staffAuditLog).where(eq(staffAuditLog.resourceId, id)).orderBy(asc(staffAuditLog.id));
    expect(audited.map((row) => row.action)).toEqual(['read-urgent-item', 'own-urgent-item', 'urgent-called-patient', 'urgent-restarted-plan', 'close-urgent-item']);
  });
});
