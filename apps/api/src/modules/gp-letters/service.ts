import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  addDays,
  formatAddressLines,
  gpLetterContent,
  gpLetterDelivery,
  gpLetterReason,
  namedPrescriber,
  monitoringFor,
  ukCalendarDate,
  type CartAddress,
  type GpAnswerBody,
  type GpLetterContent,
  type GpLetterFacts,
  type GpLetterSummary,
  type GpLetterView,
  type PrescriberEntry,
  type IsoDate,
  type LetterBmi,
  GP_LINK_DAYS,
} from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { customers, gpDetails } from '../../db/schema/customers';
import { gpLetters } from '../../db/schema/gp-letters';
import { orderItems, orders } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { defineQueue, type Executor, type Jobs } from '../../lib/queue';
import type { StaffRow } from '../../db/schema/clinic';
import { audit } from '../../lib/audit-log';
import type { Notifier } from '../../contracts/notifier';
import type { OrderRow } from '../../db/schema/orders';
import { renderGpLetter } from './letter-pdf';
import { checkGpLinkToken, gpLinkToken } from './link';
import type { GpConsentsOf, WeightRecord } from '../../contracts/patient-record';

/** One job per letter: drawn, kept encrypted, then emailed to the practice or listed to post. */
export const gpLettersQueue = defineQueue<{ letterId: string }>('gp-letters', { retryLimit: 5, retryDelaySeconds: 30 });

/** Orders whose medicine the patient was prescribed: approved, whatever happened to them after. */
const PRESCRIBED_STATES = ['approved', 'dispatched', 'delivered', 'refunded'];

type LetterRow = typeof gpLetters.$inferSelect;

/** A GP's concern, as the shop's workflow receives it: it holds the patient's next supply and opens an urgent item. */
export interface GpConcern {
  customerId: number;
  letterId: string;
  medicine: string;
  productCode: string;
  concern: string;
  at: Date;
}
export type GpConcernRaised = (tx: Db, concern: GpConcern) => Promise<void>;

export interface GpLettersDeps {
  db: Db;
  /** The letter gives the patient's latest BMI. */
  weights: Pick<WeightRecord, 'history'>;
  /** A letter is written only where the patient agreed to it. */
  gpConsentsOf: GpConsentsOf;
  store: FileStore;
  jobs: Pick<Jobs, 'sendWithin' | 'prepare' | 'work'>;
  notifier: Notifier;
  /** Signs the GP's links; the same in every process and across restarts (letters live for weeks). */
  secret: string;
  siteUrl: string;
  brandName: string;
  contact: GpLetterFacts['contact'];
  /** The configured prescribers ('Who prescribes'): the letter names the approving one's profession. */
  prescribers: readonly PrescriberEntry[];
  onConcern: GpConcernRaised;
  now: () => Date;
}

/** Who approved, as the approval's event recorded them (workflows/decide-order.ts decidedBy). */
/** The weight, height and BMI the approval's verification recorded. */
export interface VerifiedMeasurement {
  weightKg: number | null;
  heightCm: number | null;
  bmi: number | null;
}

export interface ApprovingPrescriber {
  name: string;
  registration: string | null;
}

export const GP_LINK_MESSAGES = {
  invalid: 'This link is not valid. Please check it was copied in full, or contact the prescriber.',
  expired: 'This link has expired. Please contact the prescriber by email or phone instead.',
  answered: 'An answer has already been given through this link. Please contact the prescriber if you have more to add.',
} as const;

/** The encrypted store keys files by uuid: a letter's is its own id. */
const letterKey = (id: string) => id;

export function createGpLetters(deps: GpLettersDeps) {
  const { db, store, jobs, notifier, secret, siteUrl, brandName, contact, prescribers, onConcern, now, weights, gpConsentsOf } = deps;
  const answerUrl = (letter: Pick<LetterRow, 'id' | 'createdAt'>) => new URL(`/gp/letter/${gpLinkToken(secret, letter.id, letter.createdAt)}`, siteUrl).toString();

  /** The letter's words, as the PDF draws them and the console prints them. */
  const contentOf = (letter: LetterRow): GpLetterContent =>
    gpLetterContent({
      brandName,
      facts: letter.facts,
      answerUrl: answerUrl(letter),
      answerBy: addDays(ukCalendarDate(letter.createdAt), GP_LINK_DAYS - 1),
      writtenOn: ukCalendarDate(letter.createdAt),
    });

  /** The BMI the letter states: the latest the patient declared with this order (verified values are the verification's). */
  async function bmiFor(tx: Db, order: OrderRow): Promise<LetterBmi | null> {
    const points = (await weights.history(tx, order.customerId)).filter((point) => point.bmi !== null);
    const point = points.filter((candidate) => candidate.orderNumber === order.number).at(-1) ?? points.at(-1);
    return point ? { value: point.bmi!, weightKg: point.weightKg, heightCm: point.heightCm, basis: 'declared' } : null;
  }

  /** The dose last prescribed of this medicine before this order; null when it never was. */
  async function previousDose(tx: Db, order: OrderRow, productCode: string): Promise<string | null> {
    const [row] = await tx
      .select({ dosage: orderItems.dosage })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.customerId, order.customerId), ne(orders.id, order.id), inArray(orders.state, PRESCRIBED_STATES), eq(orderItems.productCode, productCode)))
      .orderBy(desc(orders.id), desc(orderItems.id))
      .limit(1);
    return row?.dosage ?? null;
  }

  function summary(row: LetterRow, orderNumber: string): GpLetterSummary {
    return {
      id: row.id,
      orderNumber,
      patient: row.facts.patient.name,
      practice: row.facts.practice?.name ?? null,
      reason: row.facts.reason,
      medicine: row.facts.medicine,
      dose: row.facts.dose,
      delivery: gpLetterDelivery(row.practiceEmail),
      state: row.state,
      answer: row.answer,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function letterFromToken(token: string, tx: Pick<Db, 'select'> = db, lock = false): Promise<LetterRow> {
    const checked = checkGpLinkToken(secret, token, now());
    if (!checked.ok) throw checked.reason === 'expired' ? new AppError(410, 'GP_LINK_EXPIRED', GP_LINK_MESSAGES.expired) : new AppError(404, 'GP_LINK_INVALID', GP_LINK_MESSAGES.invalid);
    const query = tx.select().from(gpLetters).where(eq(gpLetters.id, checked.letterId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(404, 'GP_LINK_INVALID', GP_LINK_MESSAGES.invalid);
    return row;
  }

  const service = {
    /**
     * On a prescriber's approval (the order's write_gp_letter effect, in its transaction): a letter for each medicine
     * the order starts or changes the dose of, when the patient agreed that their GP is told; each drawn and sent by
     * its job. A repeat writes nothing (one letter per order and medicine).
     */
    async write(tx: Db, order: OrderRow, prescriber: ApprovingPrescriber, verified: VerifiedMeasurement | null = null): Promise<string[]> {
      const consents = await gpConsentsOf(tx, order.customerId);
      if (!consents?.informGp) return [];
      const [gp] = await tx.select().from(gpDetails).where(eq(gpDetails.customerId, order.customerId));
      if (!gp?.practiceName) return [];
      const [patient] = await tx.select().from(customers).where(eq(customers.id, order.customerId));
      const lines = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.isPrescriptionOnly, true))).orderBy(asc(orderItems.id));
      const startDate = ukCalendarDate(now());
      // The BMI the prescriber verified for this approval, else what the patient declared (said so on the letter).
      const bmi: LetterBmi | null = verified?.bmi != null ? { value: verified.bmi, weightKg: verified.weightKg, heightCm: verified.heightCm, basis: 'verified' } : await bmiFor(tx, order);
      const written: string[] = [];
      for (const line of lines) {
        const reason = gpLetterReason(await previousDose(tx, order, line.productCode), line.dosage);
        if (!reason) continue;
        const facts: GpLetterFacts = {
          reason,
          patient: { name: `${patient!.firstName} ${patient!.lastName}`.trim(), dateOfBirth: patient!.birthday, address: formatAddressLines(order.shippingAddress as CartAddress) },
          practice: { name: gp.practiceName, address: [gp.addressLine1, gp.addressLine2, gp.cityOrTown, gp.postCode].filter((part): part is string => Boolean(part)) },
          prescriber: { ...prescriber, profession: namedPrescriber(prescriber, prescribers).profession },
          medicine: line.productName,
          dose: line.dosage,
          startDate,
          bmi,
          monitoring: monitoringFor(line.productCode),
          contact,
        };
        const [row] = await tx
          .insert(gpLetters)
          .values({ orderId: order.id, customerId: order.customerId, productCode: line.productCode, facts, practiceEmail: gp.email ?? null, createdAt: now() })
          .onConflictDoNothing()
          .returning({ id: gpLetters.id });
        if (!row) continue;
        await jobs.sendWithin(tx as unknown as Executor, gpLettersQueue, { letterId: row.id }, { singletonKey: `gp-letter-${row.id}` });
        written.push(row.id);
      }
      return written;
    },

    /**
     * The letter's job: drawn, kept encrypted with the order, then handed to the outbox for the practice's email, or
     * listed for the clinic to print and post. Once: a repeat finds it no longer being written.
     */
    async send(letterId: string): Promise<void> {
      const [letter] = await db.select().from(gpLetters).where(eq(gpLetters.id, letterId));
      if (!letter || letter.state !== 'writing') return;
      const pdf = await renderGpLetter(contentOf(letter));
      await store.put(letterKey(letter.id), pdf);
      await db.transaction(async (tx) => {
        const delivery = gpLetterDelivery(letter.practiceEmail);
        const [moved] = await tx
          .update(gpLetters)
          .set({ fileKey: letterKey(letter.id), state: delivery === 'email' ? 'emailed' : 'to_post' })
          .where(and(eq(gpLetters.id, letter.id), eq(gpLetters.state, 'writing')))
          .returning({ id: gpLetters.id });
        if (moved && delivery === 'email') {
          await notifier.notify(tx, { template: 'gp-letter', customerId: letter.customerId, dedupeKey: `gp-letter:${letter.id}`, data: { letterId: letter.id, answerUrl: answerUrl(letter) } }, { to: letter.practiceEmail! });
        }
      });
    },

    /** The letter's PDF, for the email's attachment. */
    async pdf(letterId: string): Promise<{ filename: string; content: Buffer } | null> {
      const [letter] = await db.select().from(gpLetters).where(eq(gpLetters.id, letterId));
      if (!letter?.fileKey) return null;
      const content = await store.get(letter.fileKey);
      return content ? { filename: `letter-to-gp-${letter.id.slice(0, 8)}.pdf`, content } : null;
    },

    /** A clinician reads a letter (printing one to post among it): audited. */
    async pdfForStaff(member: StaffRow, letterId: string): Promise<Buffer> {
      if (!/^[0-9a-f-]{36}$/i.test(letterId)) throw notFound('We could not find that letter.');
      const [row] = await db.select({ letter: gpLetters, orderNumber: orders.number }).from(gpLetters).innerJoin(orders, eq(orders.id, gpLetters.orderId)).where(eq(gpLetters.id, letterId));
      const content = row?.letter.fileKey ? await store.get(row.letter.fileKey) : null;
      if (!row || !content) throw notFound('We could not find that letter.');
      await audit(db, { staffId: member.id, action: 'read-gp-letter', resource: 'gp-letter', resourceId: letterId, patientId: row.letter.customerId, orderId: row.letter.orderId, orderNumber: row.orderNumber });
      return content;
    },

    /** A clinician reads a letter's words, to print one to post among it: audited as the PDF's read is. */
    async viewForStaff(member: StaffRow, letterId: string): Promise<GpLetterView> {
      if (!/^[0-9a-f-]{36}$/i.test(letterId)) throw notFound('We could not find that letter.');
      const [row] = await db.select({ letter: gpLetters, orderNumber: orders.number }).from(gpLetters).innerJoin(orders, eq(orders.id, gpLetters.orderId)).where(eq(gpLetters.id, letterId));
      if (!row) throw notFound('We could not find that letter.');
      await audit(db, { staffId: member.id, action: 'read-gp-letter', resource: 'gp-letter', resourceId: letterId, patientId: row.letter.customerId, orderId: row.letter.orderId, orderNumber: row.orderNumber });
      return { letter: summary(row.letter, row.orderNumber), content: contentOf(row.letter) };
    },

    /** Letters for the clinic to print and post, oldest first. */
    async toPost(): Promise<GpLetterSummary[]> {
      const rows = await db.select({ letter: gpLetters, orderNumber: orders.number }).from(gpLetters).innerJoin(orders, eq(orders.id, gpLetters.orderId)).where(eq(gpLetters.state, 'to_post')).orderBy(asc(gpLetters.createdAt));
      return rows.map((row) => summary(row.letter, row.orderNumber));
    },

    /** An order's letters, kept with it. */
    async ofOrder(orderId: number): Promise<GpLetterSummary[]> {
      const rows = await db.select({ letter: gpLetters, orderNumber: orders.number }).from(gpLetters).innerJoin(orders, eq(orders.id, gpLetters.orderId)).where(eq(gpLetters.orderId, orderId)).orderBy(asc(gpLetters.createdAt));
      return rows.map((row) => summary(row.letter, row.orderNumber));
    },

    async markPosted(member: StaffRow, letterId: string): Promise<GpLetterSummary> {
      if (!/^[0-9a-f-]{36}$/i.test(letterId)) throw notFound('We could not find that letter.');
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ letter: gpLetters, orderNumber: orders.number }).from(gpLetters).innerJoin(orders, eq(orders.id, gpLetters.orderId)).where(eq(gpLetters.id, letterId)).for('update');
        if (!row) throw notFound('We could not find that letter.');
        if (row.letter.state === 'posted') return summary(row.letter, row.orderNumber);
        if (row.letter.state !== 'to_post') throw new AppError(409, 'LETTER_NOT_TO_POST', 'This letter is not waiting to be posted.');
        const [moved] = await tx.update(gpLetters).set({ state: 'posted', postedAt: now(), postedByStaffId: member.id }).where(eq(gpLetters.id, letterId)).returning();
        await audit(tx, { staffId: member.id, action: 'post-gp-letter', resource: 'gp-letter', resourceId: letterId, patientId: row.letter.customerId, orderId: row.letter.orderId, orderNumber: row.orderNumber });
        return summary(moved!, row.orderNumber);
      });
    },

    /** What the GP's page shows: whom the letter is about and whether it was answered. */
    async forGp(token: string) {
      const letter = await letterFromToken(token);
      return {
        patient: { name: letter.facts.patient.name, dateOfBirth: letter.facts.patient.dateOfBirth },
        medicine: letter.facts.medicine,
        dose: letter.facts.dose,
        startDate: letter.facts.startDate as IsoDate,
        prescriber: letter.facts.prescriber,
        answer: letter.answer,
        contact: { email: contact.email, phone: contact.phone },
      };
    },

    /**
     * The GP's answer, once per letter: 'No concerns' is recorded; 'I have concerns' also holds the patient's next
     * supply and opens an urgent item (the shop's workflow), in the same transaction. The practice is thanked.
     */
    async answer(token: string, body: GpAnswerBody): Promise<{ answer: GpAnswerBody['answer'] }> {
      return db.transaction(async (tx) => {
        const letter = await letterFromToken(token, tx, true);
        const at = now();
        const concern = body.answer === 'concerns' ? body.concern : null;
        const [answered] = await tx
          .update(gpLetters)
          .set({ answer: body.answer, concern, answeredAt: at })
          .where(and(eq(gpLetters.id, letter.id), isNull(gpLetters.answer)))
          .returning({ id: gpLetters.id });
        if (!answered) throw new AppError(409, 'GP_ANSWER_EXISTS', GP_LINK_MESSAGES.answered);
        if (concern !== null) await onConcern(tx, { customerId: letter.customerId, letterId: letter.id, medicine: letter.facts.medicine, productCode: letter.productCode, concern, at });
        if (letter.practiceEmail) {
          await notifier.notify(tx, { template: 'gp-answer-received', customerId: letter.customerId, dedupeKey: `gp-answer-received:${letter.id}`, data: { letterId: letter.id, answer: body.answer } }, { to: letter.practiceEmail });
        }
        return { answer: body.answer };
      });
    },

    async prepare() {
      await jobs.prepare(gpLettersQueue);
    },
    async work() {
      await jobs.work(gpLettersQueue, async ({ letterId }) => {
        await service.send(letterId);
      });
    },
  };
  return service;
}

export type GpLetters = ReturnType<typeof createGpLetters>;
