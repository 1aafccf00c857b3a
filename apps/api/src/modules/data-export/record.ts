import { inArray } from 'drizzle-orm';
import { allQuestions, answerInWords, namedPrescriber, questionnaireSchema, recordedPrescriber, type PrescriberEntry } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { questionnaires } from '../../db/schema/index';
import type { FhirAppointment, FhirConsultation, FhirMeasurement, FhirPrescription, FhirRecordInput } from './fhir';
import type { PatientRows, Row } from './collect';

const APPROVED_STATES = new Set(['approved', 'dispatched', 'delivered', 'refunded']);

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));
const rowsOf = (rows: PatientRows, table: string): Row[] => rows[table] ?? [];

interface WordedQuestion {
  id: string;
  type: string;
  question: string;
  options: { value: string; text: string }[];
}

/** The questions each consultation was asked in: the copy its order kept, else its questionnaire's (a check-in). */
async function questionsByConsultation(db: Db, rows: PatientRows): Promise<Map<string, { title: string; slug: string; questions: WordedQuestion[] }>> {
  const byConsultation = new Map<string, { title: string; slug: string; questions: WordedQuestion[] }>();
  for (const snapshot of rowsOf(rows, 'order_consultations')) {
    byConsultation.set(String(snapshot.consultationId), { title: String(snapshot.questionnaireTitle), slug: String(snapshot.questionnaireSlug), questions: snapshot.questions as WordedQuestion[] });
  }
  const missing = [...new Set(rowsOf(rows, 'consultations').filter((row) => !byConsultation.has(String(row.id))).map((row) => Number(row.questionnaireId)))];
  const definitions = missing.length ? await db.select().from(questionnaires).where(inArray(questionnaires.id, missing)) : [];
  for (const consultation of rowsOf(rows, 'consultations')) {
    if (byConsultation.has(String(consultation.id))) continue;
    const definition = definitions.find((candidate) => candidate.id === consultation.questionnaireId);
    if (!definition) continue;
    const parsed = questionnaireSchema.parse({ questionnaireId: definition.id, slug: definition.slug, title: definition.title, taxon: definition.taxon, ...(definition.definition as object) });
    byConsultation.set(String(consultation.id), {
      title: definition.title,
      slug: definition.slug,
      questions: allQuestions(parsed).map((question) => ({ id: question.id, type: question.type, question: question.question, options: question.answers.map((option) => ({ value: option.value, text: option.text })) })),
    });
  }
  return byConsultation;
}

function measurementsOf(rows: PatientRows): FhirMeasurement[] {
  const fromLogs = rowsOf(rows, 'weight_logs').flatMap((log): FhirMeasurement[] => {
    const at = iso(log.measuredAt);
    const reportedBy = 'patient' as const;
    return [
      ...(typeof log.weightKg === 'number' ? [{ key: `weight-log-${log.id}-weight`, kind: 'weight' as const, value: log.weightKg, at, reportedBy }] : []),
      ...(typeof log.heightCm === 'number' ? [{ key: `weight-log-${log.id}-height`, kind: 'height' as const, value: log.heightCm, at, reportedBy }] : []),
      ...(typeof log.bmi === 'number' ? [{ key: `weight-log-${log.id}-bmi`, kind: 'bmi' as const, value: log.bmi, at, reportedBy }] : []),
    ];
  });
  const verified = rowsOf(rows, 'patient_verifications').flatMap((row): FhirMeasurement[] => [
    { key: `verification-${row.id}-weight`, kind: 'weight', value: Number(row.weightKg), at: iso(row.verifiedAt), reportedBy: 'clinic' },
    { key: `verification-${row.id}-height`, kind: 'height', value: Number(row.heightCm), at: iso(row.verifiedAt), reportedBy: 'clinic' },
  ]);
  return [...fromLogs, ...verified];
}

function prescriptionsOf(rows: PatientRows, prescribers: readonly PrescriberEntry[]): FhirPrescription[] {
  return rowsOf(rows, 'orders')
    .filter((order) => APPROVED_STATES.has(String(order.state)))
    .flatMap((order) => {
      const events = rowsOf(rows, 'order_events').filter((event) => event.orderId === order.id && event.machine === 'order');
      const approval = events.filter((event) => event.event === 'approved').at(-1);
      const dispatch = events.filter((event) => event.event === 'dispatched').at(-1);
      if (!approval) return [];
      const recorded = recordedPrescriber(approval.data as Record<string, unknown> | null);
      const prescriber = recorded ? namedPrescriber(recorded, prescribers) : null;
      return rowsOf(rows, 'order_items')
        .filter((item) => item.orderId === order.id && item.isPrescriptionOnly === true)
        .map((item) => ({
          key: `${order.number}-${item.id}`,
          orderNumber: String(order.number),
          medication: `${item.productName} ${item.dosage}`.trim(),
          dmdCode: null,
          authoredOn: iso(approval.createdAt),
          prescriber: prescriber ? { name: prescriber.name, registration: prescriber.registration ? `${prescriber.registration.body} ${prescriber.registration.number}` : null } : null,
          status: order.state === 'refunded' ? ('cancelled' as const) : dispatch ? ('completed' as const) : ('active' as const),
          quantity: Number(item.quantity),
          dispensedAt: dispatch ? iso(dispatch.createdAt) : null,
        }));
    });
}

/** The calls' states (booked, completed, cancelled) as FHIR's. */
const APPOINTMENT_STATUS: Record<string, FhirAppointment['status']> = { booked: 'booked', completed: 'fulfilled', cancelled: 'cancelled' };

function appointmentsOf(rows: PatientRows): FhirAppointment[] {
  const call = (kind: string, description: string) => (row: Row): FhirAppointment => ({
    key: `${kind}-${row.id}`,
    description,
    start: iso(row.startsAt),
    end: iso(row.endsAt),
    status: row.noShow === true ? 'noshow' : row.attended === true || row.endedAt ? 'fulfilled' : (APPOINTMENT_STATUS[String(row.status)] ?? 'booked'),
  });
  return [...rowsOf(rows, 'coach_appointments').map(call('coach-call', 'Call with your coach')), ...rowsOf(rows, 'video_consultations').map(call('video-consultation', 'Video consultation with a prescriber'))];
}

/** The FHIR Bundle's input, from the patient's rows: their details, measurements, consultations in words, prescriptions and calls. */
export async function fhirInputFrom(db: Db, rows: PatientRows, { prescribers, now }: { prescribers: readonly PrescriberEntry[]; now: Date }): Promise<FhirRecordInput> {
  const customer = rowsOf(rows, 'customers')[0]!;
  const address = rowsOf(rows, 'addresses').find((row) => row.id === customer.defaultShippingAddressId) ?? rowsOf(rows, 'addresses')[0];
  const asked = await questionsByConsultation(db, rows);
  const consultations: FhirConsultation[] = rowsOf(rows, 'consultations').flatMap((consultation) => {
    const questions = asked.get(String(consultation.id));
    const answers = (consultation.answers ?? {}) as Record<string, unknown>;
    if (!questions) return [];
    const items = questions.questions
      .filter((question) => answers[question.id] !== undefined)
      .map((question) => ({ linkId: question.id, text: question.question, answer: answerInWords(question, answers[question.id], { today: now }) }));
    return items.length ? [{ id: String(consultation.id), questionnaire: { slug: questions.slug, title: questions.title }, authored: iso(consultation.updatedAt ?? consultation.createdAt), items }] : [];
  });
  return {
    exportedAt: now.toISOString(),
    patient: {
      uid: String(customer.uid),
      firstName: String(customer.firstName),
      lastName: String(customer.lastName),
      email: String(customer.email),
      phoneNumber: (customer.phoneNumber as string | null) ?? null,
      birthday: (customer.birthday as string | null) ?? null,
      address: address ? { lines: [address.company, address.street].filter((line): line is string => typeof line === 'string' && line.trim() !== ''), city: String(address.city), postcode: String(address.postcode) } : null,
    },
    measurements: measurementsOf(rows),
    consultations,
    prescriptions: prescriptionsOf(rows, prescribers),
    appointments: appointmentsOf(rows),
  };
}
