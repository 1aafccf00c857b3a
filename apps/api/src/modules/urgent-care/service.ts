import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { URGENT_ACTIONS, type UrgentActionBody, type UrgentItem, type UrgentQueue } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema/clinic';
import { customers } from '../../db/schema/customers';
import { orderItems } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { urgentClinicalActions, urgentClinicalItems } from '../../db/schema/urgent-care';
import { AppError, notFound } from '../../lib/errors';
import type { StaffRow } from '../../db/schema/clinic';
import { audit } from '../../lib/audit-log';
import { companionRecordOf } from '../companion/index';
import { restartDoses, restartPlanAtDose, supplyStoppedByCheckIn, type PlanEvents, type PlanService } from '../subscriptions/index';

const ITEM_NOT_FOUND = 'We could not find that urgent item.';

export interface UrgentCareDeps {
  db: Db;
  planEvents: PlanEvents;
  plans: Pick<PlanService, 'cancelByStaffIn'>;
  now: () => Date;
}

type ItemRow = typeof urgentClinicalItems.$inferSelect;

/** The urgent clinical queue in the console: read, owned, acted on and closed; every step audited. */
export function createUrgentCareService({ db, planEvents, plans, now }: UrgentCareDeps) {
  // Read on the caller's executor: inside a transaction, never a second connection from the pool.
  const staffNames = async (tx: Db, ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const rows = wanted.length ? await tx.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, wanted)) : [];
    return new Map(rows.map((row) => [row.id, row.name]));
  };

  async function itemRow(tx: Db, id: string, lock = false): Promise<ItemRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(ITEM_NOT_FOUND);
    const query = tx.select().from(urgentClinicalItems).where(eq(urgentClinicalItems.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return row;
  }

  const summary = (row: ItemRow, patient: string, names: Map<number, string>) => ({
    id: row.id,
    patient: { name: patient },
    reasons: row.rules.map((rule) => rule.summary),
    openedAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    overdue: row.closedAt === null && row.dueAt.getTime() < now().getTime(),
    owner: row.ownerStaffId === null ? null : { name: names.get(row.ownerStaffId) ?? 'A member of staff' },
  });

  /** A plan of the patient as the item shows it, with the doses it may restart at while on hold. */
  async function planView(tx: Db, plan: typeof subscriptions.$inferSelect): Promise<UrgentItem['plans'][number]> {
    const [line] = await tx.select({ productName: orderItems.productName }).from(orderItems).where(and(eq(orderItems.orderId, plan.orderId), eq(orderItems.isPrescriptionOnly, true))).limit(1);
    const doses = plan.state === 'suspended' ? await restartDoses(tx, plan) : [];
    return {
      id: plan.id,
      product: line?.productName ?? 'Plan',
      state: plan.state,
      stoppedByCheckIn: await supplyStoppedByCheckIn(tx, plan),
      currentDose: doses.at(-1)?.dosage ?? null,
      restartDoses: doses,
    };
  }

  async function view(tx: Db, row: ItemRow): Promise<UrgentItem> {
    const [patient] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
    const actions = await tx.select().from(urgentClinicalActions).where(eq(urgentClinicalActions.itemId, row.id)).orderBy(asc(urgentClinicalActions.id));
    const names = await staffNames(tx, [row.ownerStaffId, row.closedByStaffId, ...actions.map((action) => action.staffId)]);
    const planRows = await tx.select().from(subscriptions).where(eq(subscriptions.customerId, row.customerId)).orderBy(asc(subscriptions.createdAt));
    // One query at a time on the transaction's connection.
    const plans = [];
    for (const plan of planRows) plans.push(await planView(tx, plan));
    const name = `${patient?.firstName ?? ''} ${patient?.lastName ?? ''}`.trim();
    const companion = await companionRecordOf(tx, row.customerId);
    return {
      ...summary(row, name, names),
      patient: { name, email: patient?.email ?? '', phoneNumber: patient?.phoneNumber ?? null },
      rules: row.rules,
      answers: row.answers,
      plans,
      companion,
      actions: actions.map((action) => ({ action: URGENT_ACTIONS[action.action as keyof typeof URGENT_ACTIONS] ?? action.action, by: names.get(action.staffId) ?? 'A member of staff', note: action.note, at: action.createdAt.toISOString() })),
      closed: row.closedAt ? { by: names.get(row.closedByStaffId!) ?? 'A member of staff', note: row.closeNote ?? '', at: row.closedAt.toISOString() } : null,
    };
  }

  const open = (row: ItemRow) => {
    if (row.closedAt) throw new AppError(409, 'URGENT_ITEM_CLOSED', 'This item is closed.');
  };
  const entry = (member: StaffRow, row: ItemRow, action: string, details?: Record<string, unknown>) =>
    ({ staffId: member.id, patientId: row.customerId, action, resource: 'urgent-item', resourceId: row.id, ...(details ? { details } : {}) }) as const;

  return {
    /** Open items, earliest due first (overdue ones at the top). */
    async queue(member: StaffRow): Promise<UrgentQueue> {
      await audit(db, { staffId: member.id, action: 'read-urgent-queue', resource: 'queue', resourceId: 'urgent' });
      const rows = await db
        .select({ item: urgentClinicalItems, firstName: customers.firstName, lastName: customers.lastName })
        .from(urgentClinicalItems)
        .innerJoin(customers, eq(customers.id, urgentClinicalItems.customerId))
        .where(isNull(urgentClinicalItems.closedAt))
        .orderBy(asc(urgentClinicalItems.dueAt))
        .limit(500);
      const names = await staffNames(db, rows.map((row) => row.item.ownerStaffId));
      return { items: rows.map((row) => summary(row.item, `${row.firstName} ${row.lastName}`.trim(), names)) };
    },

    async item(member: StaffRow, id: string): Promise<UrgentItem> {
      const row = await itemRow(db, id);
      await audit(db, entry(member, row, 'read-urgent-item'));
      const item = await view(db, row);
      if (item.companion.injections.length > 0 || item.companion.diary.length > 0) await audit(db, entry(member, row, 'read-treatment-record'));
      return item;
    },

    /** The member takes the item: theirs to act on (another member may take it over; the audit log keeps both). */
    async own(member: StaffRow, id: string): Promise<UrgentItem> {
      return db.transaction(async (tx) => {
        const row = await itemRow(tx, id, true);
        open(row);
        await tx.update(urgentClinicalItems).set({ ownerStaffId: member.id, ownedAt: now(), updatedAt: now() }).where(eq(urgentClinicalItems.id, id));
        await audit(tx, entry(member, row, 'own-urgent-item'));
        return view(tx, await itemRow(tx, id));
      });
    },

    /** What was done, with its note; restarting or ending a plan is carried out here, in the same transaction. */
    async act(member: StaffRow, id: string, body: UrgentActionBody): Promise<UrgentItem> {
      return db.transaction(async (tx) => {
        const row = await itemRow(tx, id, true);
        open(row);
        const actor = { type: 'prescriber' as const, id: member.id };
        let data: Record<string, unknown> = {};
        if (body.action === 'restarted_plan' || body.action === 'ended_plan') {
          if (!body.planId) throw new AppError(422, 'PLAN_REQUIRED', 'Please choose the plan.');
          if (body.action === 'restarted_plan') {
            if (!body.variantCode) throw new AppError(422, 'DOSE_REQUIRED', 'Please choose the dose to restart at.');
            const restarted = await restartPlanAtDose(tx, { planId: body.planId, customerId: row.customerId, variantCode: body.variantCode, actor, now: now(), planEvents });
            data = { planId: body.planId, ...restarted };
          } else {
            const [plan] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, body.planId), eq(subscriptions.customerId, row.customerId))).for('update');
            if (!plan) throw new AppError(404, 'PLAN_NOT_FOUND', 'We could not find that plan for this patient.');
            if (plan.state === 'cancelled') throw new AppError(409, 'PLAN_NOT_CHANGEABLE', 'This plan has already ended.');
            await plans.cancelByStaffIn(tx, actor, plan, `Ended by a prescriber: ${body.note}`);
            data = { planId: body.planId };
          }
        }
        await tx.insert(urgentClinicalActions).values({ itemId: id, staffId: member.id, action: body.action, note: body.note, data, createdAt: now() });
        if (row.ownerStaffId === null) await tx.update(urgentClinicalItems).set({ ownerStaffId: member.id, ownedAt: now(), updatedAt: now() }).where(eq(urgentClinicalItems.id, id));
        await audit(tx, entry(member, row, `urgent-${body.action.replace(/_/g, '-')}`, { note: body.note, ...data }));
        return view(tx, await itemRow(tx, id));
      });
    },

    /** Closed with a note, once something was done. */
    async close(member: StaffRow, id: string, note: string): Promise<UrgentItem> {
      return db.transaction(async (tx) => {
        const row = await itemRow(tx, id, true);
        open(row);
        const [done] = await tx.select({ id: urgentClinicalActions.id }).from(urgentClinicalActions).where(eq(urgentClinicalActions.itemId, id)).limit(1);
        if (!done) throw new AppError(422, 'URGENT_ITEM_NOT_ACTED_ON', 'Please record what was done (a call, advice, a restart or an ended plan) before closing.');
        await tx.update(urgentClinicalItems).set({ closedAt: now(), closedByStaffId: member.id, closeNote: note, updatedAt: now() }).where(eq(urgentClinicalItems.id, id));
        await audit(tx, entry(member, row, 'close-urgent-item', { note }));
        return view(tx, await itemRow(tx, id));
      });
    },
  };
}
export type UrgentCareService = ReturnType<typeof createUrgentCareService>;
