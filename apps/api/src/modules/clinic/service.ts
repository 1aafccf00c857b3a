import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  answerInWords,
  approvedDoseOf,
  dateOfBirthText,
  EMPTY_COMPANION_RECORD,
  GP_CONCERN_RULE_ID,
  namedPrescriber,
  productNamesText,
  recordedPrescriber,
  readsClinicalRecord,
  rulesBesideAnswers,
  trackingUrl,
  type Carrier,
  type ClinicOrder,
  type DispatchQueue,
  type OrderPaymentState,
  type OrderReview,
  type OrderState,
  type PackingSlip,
  type PrescriberEntry,
  type ReviewQueue,
  type StaffRole,
  type ClinicSupportThread,
  type SupportInbox,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { outer } from '../../db/outer';
import { products } from '../../db/schema/catalog';
import { orderConsultations } from '../../db/schema/clinic';
import { customers, gpDetails, uploads } from '../../db/schema/customers';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { taskDefinitions, tasks } from '../../db/schema/tasks';
import { needsPrescriber, orderHistory, type OrderEventRow } from '../../lifecycle/index';
import { findOrderItems, type OrderRow } from '../orders/index';
import { weightHistory } from '../weight/index';
import { approvalDoses, planReTitration, planSupplies } from '../subscriptions/index';
import type { SupportService } from '../support/index';
import { gpConsentsOf } from '../gp/index';
import { declaredFor, orderStanding, reviewVerification, upcomingConsultationOf } from '../verification/index';
import { companionRecordOf, loggedMissedDoses } from '../companion/index';
import { audit } from './audit';
import { informationRequestsOf } from './information-requests';
import { possibleSecondAccounts } from './second-accounts';
import { placedOrderByNumber, refundedSoFar } from './orders';
import { supportOrderView } from './support-view';
import type { StaffRow } from './staff-auth';

const DECISION_EVENTS = ['approved', 'released', 'rejected', 'information_requested', 'dispatched', 'delivered', 'cancelled', 'refunded'];
/** Photos the prescriber checks: identity (I) and weight (W). */
/** Photo ID, full-length photo, and a continuing patient's proof of their current prescription. */
const REVIEW_PHOTO_CATEGORIES = ['I', 'W', 'P'];
/** The check-in's count of doses missed since the last delivery (asked by the check-in, when it asks it). */
const MISSED_DOSES_QUESTION = 'ci_missed_doses_count';

export interface ClinicServiceDeps {
  db: Db;
  /** Patients' conversations with the clinic: shown on the order review, read and answered by support. */
  support: SupportService;
  /** The configured prescribers ('Who prescribes'): the order names the approving one's profession. */
  prescribers?: readonly PrescriberEntry[];
  now?: () => Date;
}

function eventView(row: OrderEventRow) {
  return {
    machine: row.machine as 'order' | 'payment',
    event: row.event,
    from: row.fromState,
    to: row.toState,
    actor: row.actorType,
    reason: row.reason,
    data: row.data ?? null,
    at: row.createdAt.toISOString(),
  };
}

/** The prescriber who approved the order (the last approval), named with their profession; null before. */
function approvedBy(history: readonly OrderEventRow[], prescribers: readonly PrescriberEntry[]) {
  const recorded = recordedPrescriber(history.filter((row) => row.machine === 'order' && row.event === 'approved').at(-1)?.data);
  return recorded ? namedPrescriber(recorded, prescribers) : null;
}

export function createClinicService({ db, support, prescribers = [], now = () => new Date() }: ClinicServiceDeps) {
  const orderByNumber = (number: string) => placedOrderByNumber(db, number);

  async function patientOf(order: OrderRow) {
    const [row] = await db.select().from(customers).where(eq(customers.id, order.customerId));
    return row!;
  }

  /** Every product's name by its code, for answers and outcomes that name products by code. */
  async function productNames(): Promise<Record<string, string>> {
    const rows = await db.select({ code: products.code, name: products.name }).from(products);
    return Object.fromEntries(rows.map((row) => [row.code, row.name]));
  }

  /**
   * The dose for the prescriber to decide: asked, the doses it may be approved at, whether a gap in supply calls for
   * re-titration (a renewal: from its plan's supplies to its delivery, with the check-in's count of missed doses), and
   * the decision once approved.
   */
  async function doseForReview(
    order: OrderRow,
    history: readonly OrderEventRow[],
    snapshots: readonly { answers: Record<string, unknown> }[],
    renewal: { renewal: { deliveryDate: string }; plan: { id: string; orderId: number; frequency: number } } | null,
  ): Promise<OrderReview['dose']> {
    const approval = history.filter((row) => row.machine === 'order' && row.event === 'approved').at(-1);
    const decided = approvedDoseOf(approval?.data ?? null);
    const doses = await approvalDoses(db, order.id, decided?.asked.variantCode);
    if (!doses) return null;
    const stated = snapshots.map((snapshot) => snapshot.answers[MISSED_DOSES_QUESTION]).find((answer): answer is number => typeof answer === 'number' && Number.isInteger(answer) && answer >= 0) ?? null;
    // The injection log's missed weeks count as the patient's word too: re-titration reads the larger of the two.
    const logged = renewal ? await loggedMissedDoses(db, { id: renewal.plan.id, customerId: order.customerId }) : null;
    const missed = stated === null && logged === null ? null : Math.max(stated ?? 0, logged ?? 0);
    const gap = renewal ? await planReTitration(db, renewal.plan, renewal.renewal.deliveryDate, missed) : null;
    const prescriber = approval?.data?.prescriber as { label?: unknown } | undefined;
    return {
      productName: doses.line.productName,
      asked: decided ? { variantCode: decided.asked.variantCode, dosage: decided.asked.dosage } : { variantCode: doses.line.variantCode, dosage: doses.line.dosage },
      options: doses.options.map(({ variantCode, dosage, relation, total }) => ({ variantCode, dosage, relation, total })),
      reTitration: gap
        ? {
            needed: gap.needed,
            outcome: gap.outcome,
            lastDoseOn: gap.lastDoseOn,
            daysWithoutDose: gap.daysWithoutDose,
            missedDoses: gap.missedDoses,
            statedMissedDoses: stated,
            loggedMissedDoses: logged,
            proposed: gap.proposed,
            summary: gap.summary,
            source: gap.source,
            rationale: gap.rationale,
          }
        : null,
      decision: decided && approval ? { ...decided, by: typeof prescriber?.label === 'string' ? prescriber.label : null, at: approval.createdAt.toISOString() } : null,
    };
  }

  /** Verified beside declared, for an order holding a weight-loss medicine (null for any other). */
  async function verificationForReview(order: OrderRow, measurements: OrderReview['measurements']): Promise<OrderReview['verification']> {
    const found = await orderStanding(db, order, now());
    if (!found.required && found.history.length === 0) return null;
    return reviewVerification(found, declaredFor(order, measurements), await upcomingConsultationOf(db, order.customerId, now()));
  }

  return {
    /** Conversations waiting for a reply: patients' names and subjects, so the read is audited. */
    async supportInbox(member: StaffRow): Promise<SupportInbox> {
      await audit(db, { staffId: member.id, action: 'read-support-inbox', resource: 'queue', resourceId: 'support' });
      return support.inbox();
    },

    /** One conversation, audited before it is sent. */
    async supportThread(member: StaffRow, id: string): Promise<ClinicSupportThread> {
      const { thread, customerId, patient } = await support.clinicThread(id);
      await audit(db, { staffId: member.id, action: 'read-support-thread', patientId: customerId, resource: 'support-thread', resourceId: id });
      return { ...thread, patient };
    },

    /** A reply the patient reads in their account; one per Idempotency-Key, recorded with who wrote it. */
    async supportReply(member: StaffRow, id: string, body: string, key: string): Promise<ClinicSupportThread> {
      const { customerId, messageId } = await support.clinicReply(member.id, id, body, key);
      if (messageId !== null) await audit(db, { staffId: member.id, action: 'support-reply', patientId: customerId, resource: 'support-thread', resourceId: id, details: { messageId } });
      return this.supportThread(member, id);
    },

    /** Patients' names and treatments, so the read is audited too (one row per queue read). */
    async reviewQueue(member: StaffRow, tab: 'ready' | 'waiting'): Promise<ReviewQueue> {
      await audit(db, { staffId: member.id, action: 'read-review-queue', resource: 'queue', resourceId: tab });
      const state: OrderState = tab === 'ready' ? 'in_review' : 'awaiting_patient';
      const since = sql<Date>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${outer(orders.id)} and e.machine = 'order' and e.to_state = ${outer(orders.state)}), ${outer(orders.createdAt)})`;
      const urgent = sql<boolean>`exists (select 1 from order_consultations oc where oc.order_id = ${outer(orders.id)} and oc.outcome -> 'triggeredRules' @> '[{"level":"urgent"}]'::jsonb)`;
      const rows = await db
        .select({
          number: orders.number,
          state: orders.state,
          total: orders.total,
          createdAt: orders.createdAt,
          since,
          firstName: customers.firstName,
          lastName: customers.lastName,
          products: sql<string[]>`(select coalesce(json_agg(i.product_name order by i.id), '[]'::json) from order_items i where i.order_id = ${outer(orders.id)})`,
          isRenewal: sql<boolean>`exists (select 1 from subscription_renewals r where r.order_id = ${outer(orders.id)})`,
          urgent,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(eq(orders.state, state))
        .orderBy(desc(urgent), asc(since), asc(orders.id))
        .limit(500);
      const at = now().getTime();
      return {
        tab,
        orders: rows.map((row) => {
          const waitingSince = new Date(row.since);
          return {
            orderNumber: row.number,
            state: row.state as OrderState,
            patient: { name: `${row.firstName} ${row.lastName}`.trim() },
            products: row.products,
            total: row.total,
            placedAt: row.createdAt.toISOString(),
            waitingSince: waitingSince.toISOString(),
            waitingMinutes: Math.max(0, Math.floor((at - waitingSince.getTime()) / 60_000)),
            isRenewal: row.isRenewal,
            urgent: row.urgent,
          };
        }),
      };
    },

    /** Everything a prescriber decides on; the reads are audited before anything is sent. */
    /** The order as the member's role may see it: the whole review, or support's view without the clinical record (never read for it). */
    async review(member: StaffRow, number: string): Promise<ClinicOrder> {
      const order = await orderByNumber(number);
      const patient = await patientOf(order);
      const clinical = readsClinicalRecord(member.role as StaffRole);
      const none = Promise.resolve([] as never[]);
      const [items, snapshots, weights, photos, gpRows, taskRows, history, previous, refunded, renewalRows] = await Promise.all([
        findOrderItems(db, order.id),
        clinical ? db.select().from(orderConsultations).where(eq(orderConsultations.orderId, order.id)).orderBy(asc(orderConsultations.id)) : none,
        clinical ? weightHistory(db, order.customerId) : none,
        clinical
          ? db
              .select()
              .from(uploads)
              .where(and(eq(uploads.customerId, order.customerId), inArray(uploads.category, REVIEW_PHOTO_CATEGORIES)))
              .orderBy(desc(uploads.createdAt))
          : none,
        clinical ? db.select().from(gpDetails).where(eq(gpDetails.customerId, order.customerId)) : none,
        db
          .select({ code: tasks.code, name: taskDefinitions.name, state: tasks.state, isCritical: taskDefinitions.isCritical, details: tasks.details, completedAt: tasks.completedAt })
          .from(tasks)
          .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
          .where(eq(tasks.orderId, order.id))
          .orderBy(asc(tasks.createdAt)),
        orderHistory(db, order.id),
        db
          .select()
          .from(orders)
          .where(and(eq(orders.customerId, order.customerId), ne(orders.id, order.id), sql`${orders.state} not in ('payment_pending', 'payment_failed')`))
          .orderBy(desc(orders.createdAt))
          .limit(50),
        refundedSoFar(db, order.id),
        db
          .select({ renewal: subscriptionRenewals, plan: { id: subscriptions.id, orderId: subscriptions.orderId, frequency: subscriptions.frequency } })
          .from(subscriptionRenewals)
          .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
          .where(eq(subscriptionRenewals.orderId, order.id)),
      ]);
      // What the plan supplied before this renewal: the doses the patient received, and when.
      const supplies = clinical && renewalRows[0] ? await planSupplies(db, renewalRows[0].plan) : [];
      const [supportThreads, names, informationRequests, companion] = await Promise.all([
        support.threadsOf(order.customerId),
        productNames(),
        clinical ? informationRequestsOf(db, order, history) : Promise.resolve([]),
        clinical ? companionRecordOf(db, order.customerId) : Promise.resolve(EMPTY_COMPANION_RECORD),
      ]);
      const wording = { today: now(), productNames: names };
      const previousEvents = previous.length
        ? await db
            .select()
            .from(orderEvents)
            .where(and(inArray(orderEvents.orderId, previous.map((row) => row.id)), eq(orderEvents.machine, 'order'), inArray(orderEvents.event, DECISION_EVENTS)))
            .orderBy(asc(orderEvents.id))
        : [];
      const previousItems = previous.length
        ? await db
            .select({ orderId: orderItems.orderId, productName: orderItems.productName })
            .from(orderItems)
            .where(inArray(orderItems.orderId, previous.map((row) => row.id)))
            .orderBy(asc(orderItems.id))
        : [];
      const gp = gpRows[0] ?? null;

      const base = { staffId: member.id, patientId: order.customerId, orderId: order.id, orderNumber: order.number };
      await db.transaction(async (tx) => {
        await audit(tx, { ...base, action: 'read-order', resource: 'order', resourceId: order.number });
        if (clinical) await audit(tx, { ...base, action: 'read-answers', resource: 'consultation', resourceId: snapshots.map((row) => row.id).join(',') || null });
        if (weights.length > 0) await audit(tx, { ...base, action: 'read-weights', resource: 'weight-logs' });
        if (gp) await audit(tx, { ...base, action: 'read-gp-details', resource: 'gp-details' });
        if (informationRequests.some((request) => request.answer)) await audit(tx, { ...base, action: 'read-information-answers', resource: 'information-answers' });
        if (companion.injections.length > 0 || companion.diary.length > 0) await audit(tx, { ...base, action: 'read-treatment-record', resource: 'treatment-companion' });
        if (supportThreads.length > 0) await audit(tx, { ...base, action: 'read-support-messages', resource: 'support-thread', resourceId: supportThreads.map((thread) => thread.id).join(',') });
      });

      const dose = clinical ? await doseForReview(order, history, snapshots, renewalRows[0] ?? null) : null;
      const otherAccounts = clinical ? await possibleSecondAccounts(db, order, patient) : [];
      const verification = clinical ? await verificationForReview(order, weights) : null;
      const tracking = order.trackingCarrier && order.trackingNumber ? { carrier: order.trackingCarrier as Carrier, number: order.trackingNumber, url: trackingUrl(order.trackingCarrier as Carrier, order.trackingNumber) } : null;
      const review: OrderReview = {
        view: 'clinical',
        orderNumber: order.number,
        state: order.state as OrderState,
        paymentState: order.paymentState as OrderPaymentState,
        placedAt: order.createdAt.toISOString(),
        patient: { id: patient.uid, name: `${patient.firstName} ${patient.lastName}`.trim(), email: patient.email, phoneNumber: patient.phoneNumber, birthday: patient.birthday },
        items,
        needsPrescriber: await needsPrescriber(db, order.id),
        totals: { subtotal: order.subtotal, discount: order.discount, shipping: order.shipping, credit: order.credit, total: order.total },
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        consultations: snapshots.map((snapshot) => {
          // Snapshots from before rules carried sources have none: the page shows the answers alone.
          const triggeredRules = snapshot.outcome.triggeredRules ?? [];
          const { byQuestion } = rulesBesideAnswers(snapshot.questions.map((question) => question.id), triggeredRules);
          return {
            questionnaireSlug: snapshot.questionnaireSlug,
            questionnaireTitle: snapshot.questionnaireTitle,
            answers: snapshot.questions.map((question) => ({
              questionId: question.id,
              question: question.question,
              type: question.type,
              answer: snapshot.answers[question.id] ?? null,
              answerText: answerInWords(question, snapshot.answers[question.id], wording),
              rules: byQuestion.get(question.id) ?? [],
            })),
            outcome: {
              complete: snapshot.outcome.complete,
              rejection: snapshot.outcome.rejection ? { reason: snapshot.outcome.rejection.reason } : null,
              facts: snapshot.outcome.facts,
              eligibleProducts: snapshot.outcome.eligibleProducts,
              eligibleProductsText: productNamesText(snapshot.outcome.eligibleProducts, names),
              triggeredRules,
            },
            copiedAt: snapshot.createdAt.toISOString(),
          };
        }),
        measurements: weights,
        photos: photos.map((photo) => ({ id: photo.id, category: photo.category, title: photo.title, uploadedAt: photo.createdAt.toISOString() })),
        gp: gp
          ? {
              consentGiven: gp.consentGiven,
              practiceName: gp.practiceName,
              addressLine1: gp.addressLine1,
              addressLine2: gp.addressLine2,
              cityOrTown: gp.cityOrTown,
              postCode: gp.postCode,
              odsCode: gp.odsCode,
              consents: (await gpConsentsOf(db, order.customerId)) ?? undefined,
            }
          : null,
        tasks: taskRows.map((row) => ({ ...row, details: row.details ?? null, completedAt: row.completedAt?.toISOString() ?? null })),
        informationRequests,
        history: history.map(eventView),
        previousOrders: previous.map((row) => ({
          orderNumber: row.number,
          state: row.state as OrderState,
          placedAt: row.createdAt.toISOString(),
          products: previousItems.filter((item) => item.orderId === row.id).map((item) => item.productName),
          decisions: previousEvents.filter((event) => event.orderId === row.id).map(eventView),
        })),
        tracking,
        refunded,
        renewal: renewalRows[0]
          ? {
              deliveryDate: renewalRows[0].renewal.deliveryDate,
              doseIncrease: renewalRows[0].renewal.doseIncrease,
              supplies: supplies.map((supply) => ({ productName: supply.productName, dosage: supply.dosage, suppliedOn: supply.suppliedOn })),
            }
          : null,
        supportThreads,
        dose,
        possibleSecondAccounts: otherAccounts,
        verification,
        prescriber: approvedBy(history, prescribers),
        companion,
      };
      return clinical ? review : supportOrderView(review);
    },

    async dispatchQueue(member: StaffRow): Promise<DispatchQueue> {
      await audit(db, { staffId: member.id, action: 'read-dispatch-queue', resource: 'queue', resourceId: 'dispatch' });
      const approvedAt = sql<Date>`coalesce((select max(e.created_at) from order_events e where e.order_id = ${outer(orders.id)} and e.machine = 'order' and e.to_state = 'approved'), ${outer(orders.createdAt)})`;
      const rows = await db
        .select({
          number: orders.number,
          approvedAt,
          shippingAddress: orders.shippingAddress,
          // What the pharmacist packs: each medicine with its dose, never the name alone.
          held: sql<boolean>`exists (select 1 from urgent_clinical_items u where u.customer_id = ${outer(orders.customerId)} and u.closed_at is null and u.rules @> ${JSON.stringify([{ ruleId: GP_CONCERN_RULE_ID }])}::jsonb)`,
          items: sql<DispatchQueue['orders'][number]['items']>`(select coalesce(json_agg(json_build_object('productName', i.product_name, 'dosage', i.dosage, 'quantity', i.quantity) order by i.id), '[]'::json) from order_items i where i.order_id = ${outer(orders.id)})`,
        })
        .from(orders)
        .where(and(eq(orders.state, 'approved'), inArray(orders.paymentState, ['captured', 'not_required'])))
        .orderBy(asc(approvedAt), asc(orders.id))
        .limit(500);
      return {
        orders: rows.map((row) => ({
          orderNumber: row.number,
          patient: { name: `${String(row.shippingAddress.firstName ?? '')} ${String(row.shippingAddress.lastName ?? '')}`.trim() },
          items: row.items,
          approvedAt: new Date(row.approvedAt).toISOString(),
          postcode: String(row.shippingAddress.postcode ?? ''),
          held: row.held,
        })),
      };
    },

    async packingSlip(member: StaffRow, number: string): Promise<PackingSlip> {
      const order = await orderByNumber(number);
      const [items, history, patient] = await Promise.all([db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)), orderHistory(db, order.id), patientOf(order)]);
      await audit(db, { staffId: member.id, action: 'read-packing-slip', patientId: order.customerId, orderId: order.id, orderNumber: order.number, resource: 'order', resourceId: order.number });
      // A prescriber's approval, or a pharmacist's release of an order with nothing to prescribe.
      const approval = history.filter((row) => row.machine === 'order' && (row.event === 'approved' || row.event === 'released')).at(-1);
      const address = order.shippingAddress as Record<string, string | null | undefined>;
      return {
        orderNumber: order.number,
        placedAt: order.createdAt.toISOString(),
        approvedAt: approval?.createdAt.toISOString() ?? null,
        approvedBy: (((approval?.data?.prescriber ?? approval?.data?.pharmacist) as { label?: string } | undefined)?.label as string | undefined) ?? null,
        recipient: {
          name: `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
          lines: [address.company, address.street, address.city].filter((line): line is string => typeof line === 'string' && line.trim() !== ''),
          postcode: address.postcode ?? '',
          phoneNumber: address.phoneNumber ?? null,
        },
        dateOfBirth: patient.birthday ? dateOfBirthText(patient.birthday, now()) : null,
        items: items.map((item) => ({ productName: item.productName, variantName: item.variantName, dosage: item.dosage, quantity: item.quantity, isPrescriptionOnly: item.isPrescriptionOnly })),
      };
    },
  };
}
export type ClinicService = ReturnType<typeof createClinicService>;
