import { gpConsentsSchema } from './gp-consent';
import { z } from 'zod';
import { triggeredRuleSchema, type TriggeredRule } from '../clinical/sourced';
import { APPROVABLE_DOSE_RELATIONS, approvedDoseSchema } from '../clinical/dose-decision';
import { possibleSecondAccountSchema } from './second-account';
import { reviewVerificationSchema } from '../clinical/verification';
import { orderItemSchema } from '../orders/order';
import { ORDER_PAYMENT_STATES, ORDER_STATES } from '../orders/lifecycle';
import { clinicText } from './staff';
import { namedPrescriberSchema } from './prescribers';
import type { StaffRole } from '../lifecycle/actors';
import { CARRIERS } from './tracking';
import { supportThreadSchema } from '../support/support';
import { companionRecordSchema, EMPTY_COMPANION_RECORD } from '../companion/clinic-record';

const totalsSchema = z.object({ subtotal: z.number().int(), discount: z.number().int(), shipping: z.number().int(), credit: z.number().int(), total: z.number().int() });

export const reviewQueueItemSchema = z.object({
  orderNumber: z.string(),
  state: z.enum(ORDER_STATES),
  patient: z.object({ name: z.string() }),
  products: z.array(z.string()),
  total: z.number().int(),
  placedAt: z.string(),
  /** When the order entered its current state (the queue's order and its waiting time). */
  waitingSince: z.string(),
  waitingMinutes: z.number().int(),
  /** A subscription's renewal ('Renewal' in the queue), charged on the saved card once approved. */
  isRenewal: z.boolean(),
  /** A rule on the order's consultations asks for a clinician today (a check-in's low mood): listed first, marked 'Urgent'. */
  urgent: z.boolean(),
});
export const reviewQueueSchema = z.object({ tab: z.enum(['ready', 'waiting']), orders: z.array(reviewQueueItemSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const snapshotConsultationSchema = z.object({
  questionnaireSlug: z.string(),
  questionnaireTitle: z.string(),
  /**
   * Every question shown or answered at the time of the order, with the patient's answer and the rules that answer
   * triggered (each once, beside the first of the answers it read), with their source and rationale.
   */
  answers: z.array(
    z.object({
      questionId: z.string(),
      question: z.string(),
      type: z.string(),
      answer: z.unknown(),
      /** The answer as a person writes it ('100 kg · 170 cm · BMI 34.6', '1 Jan 1985 (41)'): what the page shows. */
      answerText: z.string(),
      rules: z.array(triggeredRuleSchema).default([]),
    }),
  ),
  outcome: z.object({
    complete: z.boolean(),
    rejection: z.object({ reason: z.string() }).nullable(),
    facts: z.record(z.string(), z.number().nullable()),
    eligibleProducts: z.array(z.string()),
    /** The eligible products by name: 'Wegovy, Mounjaro'. */
    eligibleProductsText: z.string(),
    /** Every rule that held when the order was placed, as kept on the order. */
    triggeredRules: z.array(triggeredRuleSchema).default([]),
  }),
  copiedAt: z.string(),
});

const eventSchema = z.object({
  machine: z.enum(['order', 'payment']),
  event: z.string(),
  from: z.string(),
  to: z.string(),
  actor: z.string(),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});

const addressSchema = z.record(z.string(), z.unknown());

/** An order as a prescriber, pharmacist or admin reviews it: everything, with the clinical record. */
export const orderReviewSchema = z.object({
  view: z.literal('clinical'),
  orderNumber: z.string(),
  state: z.enum(ORDER_STATES),
  paymentState: z.enum(ORDER_PAYMENT_STATES),
  placedAt: z.string(),
  patient: z.object({ id: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string().nullable(), birthday: z.string().nullable() }),
  items: z.array(orderItemSchema),
  /** False for an order of products bought without a consultation only: a pharmacist releases it, no prescriber. */
  needsPrescriber: z.boolean(),
  totals: totalsSchema,
  shippingAddress: addressSchema,
  billingAddress: addressSchema,
  consultations: z.array(snapshotConsultationSchema),
  /**
   * The patient's weight points, oldest first: the same table as their own chart (consultations when ordered, with the
   * order's number; check-ins; weights they logged).
   */
  measurements: z.array(
    z.object({
      orderNumber: z.string().nullable(),
      source: z.enum(['patient', 'consultation', 'check-in']),
      at: z.string(),
      bmi: z.number().nullable(),
      weightKg: z.number().nullable(),
      heightCm: z.number().nullable(),
    }),
  ),
  /** Photo ids, each read through GET /shop-api/clinic/uploads/{id} (logged). */
  photos: z.array(z.object({ id: z.string(), category: z.string(), title: z.string(), uploadedAt: z.string() })),
  gp: z
    .object({
      consentGiven: z.boolean(),
      practiceName: z.string().nullable(),
      addressLine1: z.string().nullable(),
      addressLine2: z.string().nullable(),
      cityOrTown: z.string().nullable(),
      postCode: z.string().nullable(),
      /** NHS ODS code, when the patient chose the practice from the directory. */
      odsCode: z.string().nullable(),
      /** The two consents, asked apart (issue 33): without the first, an approval needs the prescriber's reason. */
      consents: gpConsentsSchema.optional(),
    })
    .nullable(),
  tasks: z.array(z.object({ code: z.string(), name: z.string(), state: z.string(), isCritical: z.boolean(), details: z.record(z.string(), z.unknown()).nullable(), completedAt: z.string().nullable() })),
  /**
   * Every question a prescriber asked the patient about this order (request information), oldest first, with the
   * patient's answer (words, the photo asked for read through GET /shop-api/clinic/uploads/{id}, logged) or null.
   */
  informationRequests: z.array(
    z.object({
      question: z.string(),
      photoRequested: z.boolean(),
      askedBy: z.string().nullable(),
      askedAt: z.string(),
      answer: z.object({ text: z.string().nullable(), photo: z.object({ id: z.string() }).nullable(), answeredAt: z.string() }).nullable(),
      /** Still with the patient: the question the order now waits on. */
      waiting: z.boolean(),
    }),
  ),
  history: z.array(eventSchema),
  previousOrders: z.array(z.object({ orderNumber: z.string(), state: z.enum(ORDER_STATES), placedAt: z.string(), products: z.array(z.string()), decisions: z.array(eventSchema) })),
  tracking: z.object({ carrier: z.enum(CARRIERS), number: z.string(), url: z.string() }).nullable(),
  refunded: z.number().int(),
  /**
   * A renewal of a plan: its delivery date, whether the patient asked for a higher dose (the prescriber's decision),
   * and what the plan supplied so far (dispatched orders only), oldest first.
   */
  renewal: z
    .object({
      deliveryDate: z.string(),
      doseIncrease: z.boolean(),
      supplies: z.array(z.object({ productName: z.string(), dosage: z.string(), suppliedOn: z.string() })),
    })
    .nullable(),
  /** The patient's messages to the clinic and its replies, newest conversation first (the read is logged). */
  supportThreads: z.array(supportThreadSchema),
  /**
   * The medicine's dose, for the prescriber to decide: the dose asked for, the doses it may be approved at (asked, last
   * supplied, lower; with the line's price at each), whether a gap in supply calls for re-titration and at which dose,
   * and, once approved, the decision recorded with the approval. Null for an order with no titrated medicine.
   */
  /**
   * Orders from other accounts that may be this patient's (the same delivery address, card, or date of birth with a
   * similar name: SECOND_ACCOUNT_RULE), newest first, each linking the other order.
   */
  possibleSecondAccounts: z.array(possibleSecondAccountSchema).default([]),
  /**
   * How the patient's weight, height and identity were verified (GPhC 2025), beside what they declared: a weight-loss
   * medicine is approved only on a verification that stands for this supply. Null for an order without one to verify.
   */
  verification: reviewVerificationSchema.nullable().default(null),
  /** Once approved: the prescriber who approved it (name, profession, registration), as the patient's order page names them. */
  prescriber: namedPrescriberSchema.nullable().default(null),
  /** The patient's injection log and side-effect diary (the treatment companion), newest first; the read is logged. */
  companion: companionRecordSchema.default(EMPTY_COMPANION_RECORD),
  dose: z
    .object({
      productName: z.string(),
      asked: z.object({ variantCode: z.string(), dosage: z.string() }),
      options: z.array(z.object({ variantCode: z.string(), dosage: z.string(), relation: z.enum(APPROVABLE_DOSE_RELATIONS), total: z.number().int() })),
      reTitration: z
        .object({
          needed: z.boolean(),
          outcome: z.enum(['continue', 'stepDown', 'restartFromStart']),
          lastDoseOn: z.string(),
          daysWithoutDose: z.number().int(),
          missedDoses: z.number().int(),
          /** The check-in's count of doses missed since the last delivery; null when not asked or not answered. */
          statedMissedDoses: z.number().int().nullable(),
          /** Weeks the patient's injection log marks as missed since the last delivery; null without a log. */
          loggedMissedDoses: z.number().int().nullable().default(null),
          proposed: z.object({ variantCode: z.string(), dosage: z.string() }),
          summary: z.string(),
          source: z.string(),
          rationale: z.string(),
        })
        .nullable(),
      decision: approvedDoseSchema.extend({ by: z.string().nullable(), at: z.string() }).nullable(),
    })
    .nullable()
    .default(null),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/**
 * An order as support sees it: status, delivery, payment and contact, without the clinical record (no answers,
 * measurements, photos or GP). Its tasks carry no details (what was asked or answered), it has no prescriber's
 * questions and answers, its clinical decisions no reason or data, its renewal no dose. Health data is special-category: support helps with the order and needs none.
 */
export const supportOrderViewSchema = orderReviewSchema
  .omit({ view: true, consultations: true, measurements: true, photos: true, gp: true, informationRequests: true, renewal: true, dose: true, possibleSecondAccounts: true, verification: true, companion: true })
  .extend({
    view: z.literal('support'),
    /** A renewal of a plan: its delivery date. */
    renewal: z.object({ deliveryDate: z.string() }).nullable(),
  });
export type SupportOrderView = z.infer<typeof supportOrderViewSchema>;

/** GET /shop-api/clinic/orders/{number}: the clinical review, or support's view, by the member's role. */
export const clinicOrderSchema = z.discriminatedUnion('view', [orderReviewSchema, supportOrderViewSchema]);
export type ClinicOrder = z.infer<typeof clinicOrderSchema>;

/** The roles that read a patient's clinical record; support sees an order without it. */
export const CLINICAL_RECORD_ROLES: readonly StaffRole[] = ['prescriber', 'pharmacist', 'admin'];
export const readsClinicalRecord = (role: StaffRole) => CLINICAL_RECORD_ROLES.includes(role);

/** Order events whose reason and data are the prescriber's clinical judgement (why rejected, what was asked), hidden from support. */
export const CLINICAL_DECISION_EVENTS: readonly string[] = ['rejected', 'information_requested'];

export const dispatchQueueSchema = z.object({
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      patient: z.object({ name: z.string() }),
      items: z.array(z.object({ productName: z.string(), dosage: z.string(), quantity: z.number().int() })),
      approvedAt: z.string(),
      postcode: z.string(),
      /** The patient's GP raised a concern a prescriber has not yet reviewed: the order waits (GP_CONCERN_HOLD_MESSAGE). */
      held: z.boolean().default(false),
    }),
  ),
});
export type DispatchQueue = z.infer<typeof dispatchQueueSchema>;

export const packingSlipSchema = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  recipient: z.object({ name: z.string(), lines: z.array(z.string()), postcode: z.string(), phoneNumber: z.string().nullable() }),
  /** The patient's date of birth with their age, '1 Jan 1985 (41)', for checking the parcel's medicine is theirs; null when not given. */
  dateOfBirth: z.string().nullable(),
  items: z.array(z.object({ productName: z.string(), variantName: z.string(), dosage: z.string(), quantity: z.number().int(), isPrescriptionOnly: z.boolean() })),
});
export type PackingSlip = z.infer<typeof packingSlipSchema>;

export const dispatchBodySchema = z.object({ carrier: z.enum(CARRIERS), trackingNumber: z.string().max(64) });

export const refundBodySchema = z.object({ amount: z.number().int().positive().max(100_000_000), reason: clinicText(2000).transform((value) => value.trim()).refine((value) => value.length > 0, 'is required') });
export const refundReplySchema = z.object({
  orderNumber: z.string(),
  state: z.string(),
  paymentState: z.string(),
  /** Refunded or on its way (a refund waiting for the provider counts: it cannot be asked for twice). */
  refunded: z.number().int(),
  remaining: z.number().int(),
  /** Only when the provider could not be reached: the refund is kept and sent by itself as soon as it answers (202). */
  waitingForProvider: z.literal(true).optional(),
});
export type RefundReply = z.infer<typeof refundReplySchema>;

/**
 * Places each triggered rule beside the first answer it read that the prescriber sees (in question order); rules
 * about no shown answer come back as `unplaced`.
 */
export function rulesBesideAnswers(questionIds: readonly string[], rules: readonly TriggeredRule[]): { byQuestion: Map<string, TriggeredRule[]>; unplaced: TriggeredRule[] } {
  const byQuestion = new Map<string, TriggeredRule[]>(questionIds.map((id) => [id, []]));
  const unplaced: TriggeredRule[] = [];
  for (const rule of rules) {
    const at = questionIds.find((id) => rule.questionIds.includes(id));
    if (at) byQuestion.get(at)!.push(rule);
    else unplaced.push(rule);
  }
  return { byQuestion, unplaced };
}
