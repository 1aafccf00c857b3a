import { createHash } from 'node:crypto';

/*
 * A patient's record as a FHIR R4 Bundle (type 'collection'), for the right of portability (UK GDPR Art. 20): what
 * health systems exchange. Resources claim the UK Core profiles (fhir.hl7.org.uk) and, for the vital signs, the base
 * FHIR vital-signs profiles, whose codes they carry: body weight LOINC 29463-7 (SNOMED CT 27113001), body height
 * LOINC 8302-2, BMI LOINC 39156-5 (SNOMED CT 60621009), in UCUM units. Medicines are named in words, with a dm+d code
 * only where the catalogue gives one.
 */

const UK_CORE = 'https://fhir.hl7.org.uk/StructureDefinition';
const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const UCUM = 'http://unitsofmeasure.org';
const DM_D = 'https://dmd.nhs.uk';
const VITAL_SIGNS_CATEGORY = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }] };

export interface FhirPatient {
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  /** 'YYYY-MM-DD'. */
  birthday: string | null;
  address: { lines: string[]; city: string; postcode: string } | null;
}

export interface FhirMeasurement {
  /** Unique within the patient's record: 'weight-12', 'consultation-…-height'. */
  key: string;
  kind: 'weight' | 'height' | 'bmi';
  /** kg, cm or kg/m². */
  value: number;
  /** ISO date-time. */
  at: string;
  /** Who gave the figure: 'patient' (the patient's own report) or the clinic's verification. */
  reportedBy: 'patient' | 'clinic';
}

export interface FhirConsultation {
  /** The consultation's (or check-in's) id. */
  id: string;
  questionnaire: { slug: string; title: string };
  /** ISO date-time the answers were given. */
  authored: string;
  items: { linkId: string; text: string; answer: string }[];
}

export interface FhirPrescription {
  /** The order line's own key: 'W000123-1'. */
  key: string;
  orderNumber: string;
  /** 'Wegovy 0.25 mg'. */
  medication: string;
  dmdCode: string | null;
  /** ISO date-time the prescriber approved it. */
  authoredOn: string;
  prescriber: { name: string; registration: string | null } | null;
  status: 'active' | 'completed' | 'cancelled' | 'stopped';
  quantity: number;
  /** ISO date-time the pharmacy sent it; null until then. */
  dispensedAt: string | null;
}

export interface FhirAppointment {
  key: string;
  /** 'Coach call with Sam' or 'Video consultation with Dr Ana Patel'. */
  description: string;
  start: string;
  end: string;
  status: 'booked' | 'fulfilled' | 'cancelled' | 'noshow';
}

export interface FhirRecordInput {
  patient: FhirPatient;
  measurements: FhirMeasurement[];
  consultations: FhirConsultation[];
  prescriptions: FhirPrescription[];
  appointments: FhirAppointment[];
  /** ISO date-time of the export. */
  exportedAt: string;
}

type Resource = Record<string, unknown> & { resourceType: string; id: string };

/** A stable id from the patient and a record's key (FHIR ids allow letters, digits, '-' and '.', up to 64). */
function resourceId(patientUid: string, key: string): string {
  return createHash('sha256').update(`${patientUid}:${key}`).digest('hex').slice(0, 32);
}

const VITAL_SIGN = {
  weight: { loinc: '29463-7', snomed: '27113001', text: 'Body weight', unit: 'kg', ucum: 'kg', profile: 'http://hl7.org/fhir/StructureDefinition/bodyweight' },
  height: { loinc: '8302-2', snomed: null, text: 'Body height', unit: 'cm', ucum: 'cm', profile: 'http://hl7.org/fhir/StructureDefinition/bodyheight' },
  bmi: { loinc: '39156-5', snomed: '60621009', text: 'Body mass index', unit: 'kg/m2', ucum: 'kg/m2', profile: 'http://hl7.org/fhir/StructureDefinition/bmi' },
} as const;

function patientResource(patient: FhirPatient, id: string): Resource {
  return {
    resourceType: 'Patient',
    id,
    meta: { profile: [`${UK_CORE}/UKCore-Patient`] },
    identifier: [{ system: 'https://elmwood-health.example/patient-id', value: patient.uid }],
    name: [{ use: 'official', family: patient.lastName, given: [patient.firstName] }],
    telecom: [{ system: 'email', value: patient.email }, ...(patient.phoneNumber ? [{ system: 'phone', value: patient.phoneNumber, use: 'mobile' }] : [])],
    ...(patient.birthday ? { birthDate: patient.birthday } : {}),
    ...(patient.address ? { address: [{ use: 'home', line: patient.address.lines, city: patient.address.city, postalCode: patient.address.postcode, country: 'GB' }] } : {}),
  };
}

function observation(measurement: FhirMeasurement, id: string, patientRef: string): Resource {
  const sign = VITAL_SIGN[measurement.kind];
  return {
    resourceType: 'Observation',
    id,
    meta: { profile: [`${UK_CORE}/UKCore-Observation`, sign.profile] },
    status: 'final',
    category: [VITAL_SIGNS_CATEGORY],
    code: {
      coding: [{ system: LOINC, code: sign.loinc, display: sign.text }, ...(sign.snomed ? [{ system: SNOMED, code: sign.snomed, display: sign.text }] : [])],
      text: sign.text,
    },
    subject: { reference: patientRef },
    effectiveDateTime: measurement.at,
    ...(measurement.reportedBy === 'patient' ? { performer: [{ reference: patientRef }] } : {}),
    valueQuantity: { value: measurement.value, unit: sign.unit, system: UCUM, code: sign.ucum },
  };
}

function questionnaireResources(consultation: FhirConsultation, patientRef: string, patientUid: string): Resource[] {
  const url = `https://elmwood-health.example/fhir/Questionnaire/${consultation.questionnaire.slug}`;
  const questionnaire: Resource = {
    resourceType: 'Questionnaire',
    id: resourceId(patientUid, `questionnaire-${consultation.id}`),
    url,
    title: consultation.questionnaire.title,
    status: 'active',
    // The questions as they were asked in this consultation (a later edition may word them otherwise).
    item: consultation.items.map((item) => ({ linkId: item.linkId, text: item.text, type: 'string' })),
  };
  const response: Resource = {
    resourceType: 'QuestionnaireResponse',
    id: resourceId(patientUid, `response-${consultation.id}`),
    questionnaire: url,
    status: 'completed',
    subject: { reference: patientRef },
    authored: consultation.authored,
    source: { reference: patientRef },
    item: consultation.items.map((item) => ({ linkId: item.linkId, text: item.text, answer: [{ valueString: item.answer }] })),
  };
  return [questionnaire, response];
}

function medicationConcept(prescription: FhirPrescription) {
  return {
    ...(prescription.dmdCode ? { coding: [{ system: DM_D, code: prescription.dmdCode, display: prescription.medication }] } : {}),
    text: prescription.medication,
  };
}

function prescriptionResources(prescription: FhirPrescription, patientRef: string, patientUid: string): Resource[] {
  const requestId = resourceId(patientUid, `prescription-${prescription.key}`);
  const request: Resource = {
    resourceType: 'MedicationRequest',
    id: requestId,
    meta: { profile: [`${UK_CORE}/UKCore-MedicationRequest`] },
    identifier: [{ system: 'https://elmwood-health.example/order-number', value: prescription.orderNumber }],
    status: prescription.status,
    intent: 'order',
    medicationCodeableConcept: medicationConcept(prescription),
    subject: { reference: patientRef },
    authoredOn: prescription.authoredOn,
    ...(prescription.prescriber
      ? { requester: { display: prescription.prescriber.registration ? `${prescription.prescriber.name} (${prescription.prescriber.registration})` : prescription.prescriber.name } }
      : {}),
    dispenseRequest: { quantity: { value: prescription.quantity, unit: 'pack' } },
  };
  if (!prescription.dispensedAt) return [request];
  const dispense: Resource = {
    resourceType: 'MedicationDispense',
    id: resourceId(patientUid, `dispense-${prescription.key}`),
    meta: { profile: [`${UK_CORE}/UKCore-MedicationDispense`] },
    status: 'completed',
    medicationCodeableConcept: medicationConcept(prescription),
    subject: { reference: patientRef },
    authorizingPrescription: [{ reference: `urn:uuid:${asUuid(requestId)}` }],
    quantity: { value: prescription.quantity, unit: 'pack' },
    whenHandedOver: prescription.dispensedAt,
  };
  return [request, dispense];
}

function appointmentResource(appointment: FhirAppointment, patientRef: string, patientUid: string): Resource {
  return {
    resourceType: 'Appointment',
    id: resourceId(patientUid, `appointment-${appointment.key}`),
    meta: { profile: [`${UK_CORE}/UKCore-Appointment`] },
    status: appointment.status,
    description: appointment.description,
    start: appointment.start,
    end: appointment.end,
    participant: [{ actor: { reference: patientRef }, status: 'accepted' }],
  };
}

/** A 32-hex id as the UUID a bundle's fullUrl names it by. */
function asUuid(id: string): string {
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
}

/** The patient's record as one FHIR R4 Bundle of type 'collection', its entries referring to each other by urn:uuid. */
export function fhirBundle(record: FhirRecordInput): Record<string, unknown> {
  const uid = record.patient.uid;
  const patientId = resourceId(uid, 'patient');
  const patientRef = `urn:uuid:${asUuid(patientId)}`;
  const resources: Resource[] = [
    patientResource(record.patient, patientId),
    ...record.measurements.map((measurement) => observation(measurement, resourceId(uid, `observation-${measurement.key}`), patientRef)),
    ...record.consultations.flatMap((consultation) => questionnaireResources(consultation, patientRef, uid)),
    ...record.prescriptions.flatMap((prescription) => prescriptionResources(prescription, patientRef, uid)),
    ...record.appointments.map((appointment) => appointmentResource(appointment, patientRef, uid)),
  ];
  return {
    resourceType: 'Bundle',
    id: resourceId(uid, `bundle-${record.exportedAt}`),
    type: 'collection',
    timestamp: record.exportedAt,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${asUuid(resource.id)}`, resource })),
  };
}
