import type { Db } from '../db/client';

/** The channels a patient message may go by. */
export type Channel = 'email' | 'sms' | 'whatsapp' | 'push';

/**
 * What other modules ask of the notifications module: one patient message per business event.
 * The request is written in the caller's transaction (a transactional outbox), so a rolled-back
 * event sends nothing and a committed one is sent by the queue exactly once, keyed by dedupeKey.
 */
export type NotificationRequest =
  | { template: 'order-placed'; customerId: number; dedupeKey: string; data: { orderNumber: string } }
  | { template: 'critical-tasks-open'; customerId: number; dedupeKey: string; data: { orderNumber: string } }
  /**
   * With the prescriber who approved it (name and registration), as the receipt names them; `dose`: the prescriber
   * approved another dose than the one asked for, and why.
   */
  | {
      template: 'order-approved';
      customerId: number;
      dedupeKey: string;
      data: {
        orderNumber: string;
        prescriber?: { name: string; registration: string | null };
        dose?: { productName: string; askedDosage: string; approvedDosage: string; rationale: string };
      };
    }
  /** To the patient's GP practice (sent with `to`): the letter about a prescription, attached as a PDF, with the answer link. */
  | { template: 'gp-letter'; customerId: number; dedupeKey: string; data: { letterId: string; answerUrl: string } }
  /** To the GP practice: their answer through the letter's link was received. */
  | { template: 'gp-answer-received'; customerId: number; dedupeKey: string; data: { letterId: string; answer: 'no_concerns' | 'concerns' } }
  /** Support or admin cancelled an order before it was decided (the reason stays with the clinic). */
  | { template: 'order-cancelled'; customerId: number; dedupeKey: string; data: { orderNumber: string } }
  | { template: 'order-rejected'; customerId: number; dedupeKey: string; data: { orderNumber: string; reason: string } }
  | { template: 'order-dispatched'; customerId: number; dedupeKey: string; data: { orderNumber: string; carrier: string; trackingUrl: string } }
  | { template: 'information-requested'; customerId: number; dedupeKey: string; data: { orderNumber: string } }
  /** To the patient: their prescriber wrote on the order (the words are read in the account, never in the email). */
  | { template: 'order-message'; customerId: number; dedupeKey: string; data: { orderNumber: string } }
  | { template: 'renewal-coming'; customerId: number; dedupeKey: string; data: { subscriptionId: string; chargeDate: string; amount: number } }
  /** A catalogue price change told before it is charged: the dose, the price per delivery before and after, the delivery it applies from and its charge date. */
  | { template: 'price-change'; customerId: number; dedupeKey: string; data: { subscriptionId: string; product: string; oldPrice: number; newPrice: number; appliesFrom: string; chargeDate: string } }
  | { template: 'payment-failed'; customerId: number; dedupeKey: string; data: { subscriptionId?: string; orderNumber?: string; nextAttemptDate?: string } }
  | { template: 'plan-suspended'; customerId: number; dedupeKey: string; data: { subscriptionId: string; reason: 'payment' | 'clinician' | 'cancelled' } }
  | { template: 'plan-changed'; customerId: number; dedupeKey: string; data: { subscriptionId: string; change: 'paused' | 'resumed' | 'skipped' | 'cancelled' | 'dose_changed'; nextDeliveryDate?: string } }
  /** What a check-in's answers mean for the patient now (assessCheckIn's rules, by id): the supply stopped, or a clinician will call. */
  | { template: 'check-in-outcome'; customerId: number; dedupeKey: string; data: { ruleIds: string[]; supplyStopped: boolean; /** When a prescriber will have called (the urgent item's due time). */ contactBy?: string } }
  /** A side effect the patient reported: what happens next (a severe one: when a prescriber will have called) and the Yellow Card scheme. */
  | { template: 'side-effect-reported'; customerId: number; dedupeKey: string; data: { threadId: string; severity: 'mild' | 'moderate' | 'severe'; contactBy?: string } }
  /** A side-effect diary entry that needs a clinician: the instructions the patient was shown (the rules, by id) and when a prescriber will have called. */
  | { template: 'side-effect-logged'; customerId: number; dedupeKey: string; data: { entryId: string; ruleIds: string[]; contactBy: string } }
  | { template: 'password-changed'; customerId: number; dedupeKey: string; data: Record<string, never> }
  /** The copy of their data the patient asked for is ready: only that, and where to download it (signed in). No health data. */
  | { template: 'data-export-ready'; customerId: number; dedupeKey: string; data: { expiresAt: string } }
  /** The clinic has deleted the account: what is gone and what is kept; queued before the address itself is removed. */
  | { template: 'account-deleted'; customerId: number; dedupeKey: string; data: { firstName: string; removed: string; kept: string } }
  // Added by the notifications module itself, for the sends it took over from auth and the clinic.
  | { template: 'password-reset'; customerId: number; dedupeKey: string; data: { token: string; minutes: number } }
  | { template: 'signup-attempt'; customerId: number; dedupeKey: string; data: Record<string, never> }
  /**
   * The code that confirms a new sign-up's email. There is no account yet: it goes to the address typed in the form,
   * and names nothing the form gave (anyone may type anyone's address).
   */
  | { template: 'signup-code'; email: string; dedupeKey: string; data: { code: string; minutes: number } }
  | { template: 'payment-needed'; customerId: number; dedupeKey: string; data: { orderNumber: string; amount: number } }
  | { template: 'order-refunded'; customerId: number; dedupeKey: string; data: { orderNumber: string; amount: number } }
  /** The weight-logging reminder, on the channel of the patient's reminder settings (the version it was queued for). */
  | { template: 'weight-reminder'; customerId: number; dedupeKey: string; data: { version: number; at: string } }
  /** The injection-day reminder ('Time for your weekly dose'), on the channel of its settings (the version it was queued for). */
  | { template: 'injection-reminder'; customerId: number; dedupeKey: string; data: { version: number; at: string } }
  /** The day after an injection day with no dose logged: a gentle nudge, with the missed-dose advice. */
  | { template: 'injection-nudge'; customerId: number; dedupeKey: string; data: { version: number; reminderAt: string } }
  /** To the clinic inbox (SUPPORT_INBOX), not the patient: a patient wrote in. Names no health detail, only where to read it. */
  | { template: 'support-message'; customerId: number; dedupeKey: string; data: { threadId: string } }
  /** To the patient: the clinic has answered their message (the reply itself is read in the account). */
  | { template: 'support-reply'; customerId: number; dedupeKey: string; data: { threadId: string } }
  /** A coach call booked (or moved to a new time): its time, with the coach's name and where to change it. */
  | { template: 'coach-call-booked'; customerId: number; dedupeKey: string; data: { appointmentId: string; coachName: string; startsAt: string } }
  /** Sent 24 hours before a call (queued with sendAfter, withdrawn when the call is cancelled or moved). */
  | { template: 'coach-call-reminder'; customerId: number; dedupeKey: string; data: { appointmentId: string; coachName: string; startsAt: string } }
  /** A call cancelled: by the patient, or because they chose another coach. */
  | { template: 'coach-call-cancelled'; customerId: number; dedupeKey: string; data: { appointmentId: string; coachName: string; startsAt: string; reason: 'patient' | 'coach-changed' | 'calendly' } }
  /** A video consultation with a prescriber booked (or moved): its time, how to join, and where to change it. */
  | { template: 'video-consultation-booked'; customerId: number; dedupeKey: string; data: { consultationId: string; startsAt: string } }
  /** Sent the day before and an hour before (queued with sendAfter, withdrawn when it is cancelled or moved). */
  | { template: 'video-consultation-reminder'; customerId: number; dedupeKey: string; data: { consultationId: string; startsAt: string } }
  | { template: 'video-consultation-cancelled'; customerId: number; dedupeKey: string; data: { consultationId: string; startsAt: string } };

export type NotificationTemplate = NotificationRequest['template'];

type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

export interface NotifyOptions {
  /** Not before this instant (a reminder ahead of an appointment); now when absent. */
  sendAfter?: Date;
  /** Someone other than the patient the message concerns (their GP practice); only for the GP templates. */
  to?: string;
}

export interface Notifier {
  /** Records the message in the caller's transaction; a second request with the same dedupeKey is ignored. */
  notify(tx: Queryable, request: NotificationRequest, options?: NotifyOptions): Promise<void>;
  /** Withdraws a message not yet handed over (a reminder for a call since cancelled), in the caller's transaction. */
  withdraw(tx: Queryable, dedupeKey: string): Promise<void>;
}

export interface RecordOptions {
  channel?: Channel;
  /** Someone other than the patient (their GP practice), by email; only for the GP templates. */
  to?: string;
  /** Not before this instant (a reminder); left out, at once. */
  sendAfter?: Date;
}

/** Writes one message into the outbox in the caller's transaction (and, for one due now, its send job). Answers the row's id, or null for a repeat. */
export type RecordMessage = (tx: Queryable, request: NotificationRequest, options?: RecordOptions) => Promise<number | null>;
