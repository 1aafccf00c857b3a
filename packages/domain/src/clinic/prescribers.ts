import { z } from 'zod';
import { gmcRegisterUrl, isValidRegistrationNumber, REGISTRATION_BODIES, type RegistrationBody } from './staff';

/**
 * Who prescribes (GPhC guidance for pharmacies providing services at a distance, 2025; inspection framework 2026):
 * the website names each prescriber, their profession, the register that holds them and how to check it, the address
 * of the prescribing service, and the pharmacy's own registration. All of it is the shop's configuration.
 */
export const prescriberEntrySchema = z.object({
  name: z.string().trim().min(1),
  /** As a patient reads it, e.g. 'Doctor (GP)' or 'Pharmacist independent prescriber'. */
  profession: z.string().trim().min(1),
  body: z.enum(REGISTRATION_BODIES),
  number: z.string().regex(/^\d{7}$/, 'must be a seven-digit registration number'),
  /** A title beside the name, e.g. 'Medical director'; at most one prescriber is the medical director. */
  role: z.string().trim().min(1).optional(),
});
export type PrescriberEntry = z.output<typeof prescriberEntrySchema>;

export const MEDICAL_DIRECTOR_ROLE = 'Medical director';

/**
 * The demo brand's prescribers: used outside production when configuration names none, and by the demo catalogue's
 * note from the medical director. Illustrative people; the numbers are in the registers' format only.
 */
export const DEMO_PRESCRIBERS: readonly PrescriberEntry[] = [
  { name: 'Dr Helen Marsh', profession: 'Doctor (GP)', body: 'GMC', number: '7123456', role: MEDICAL_DIRECTOR_ROLE },
  { name: 'Priya Shah', profession: 'Pharmacist independent prescriber', body: 'GPhC', number: '2071234' },
  // The demo console's prescriber (apps/api/src/seed/staff.ts): the orders they approve name them, so this page does too.
  { name: 'Dr Ana Patel', profession: 'Doctor (GP)', body: 'GMC', number: '7012345' },
];
export const DEMO_MEDICAL_DIRECTOR: PrescriberEntry = DEMO_PRESCRIBERS[0]!;

/** The public register entry where anyone can check a registration; null for a number that is not one. */
export function registerUrl(body: RegistrationBody, number: string): string | null {
  if (body === 'GMC') return gmcRegisterUrl(number);
  return isValidRegistrationNumber('GPhC', number) ? `https://www.pharmacyregulation.org/registers/pharmacist/registrationnumber/${number}` : null;
}

/** A registered pharmacy's entry on the GPhC register (seven digits, e.g. 9012345). */
export function pharmacyRegisterUrl(number: string): string | null {
  return /^\d{7}$/.test(number) ? `https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/${number}` : null;
}

const registerEntrySchema = z.object({ body: z.enum(REGISTRATION_BODIES), number: z.string(), url: z.string().nullable() });

/** GET /shop-api/who-prescribes: the page 'Who prescribes', from configuration. */
export const whoPrescribesSchema = z.object({
  prescribers: z.array(
    z.object({ name: z.string(), profession: z.string(), role: z.string().nullable(), registration: registerEntrySchema }),
  ),
  /** Where the prescribing service works from (its address lines). */
  prescribingService: z.object({ name: z.string(), address: z.array(z.string()) }),
  pharmacy: z.object({ name: z.string(), address: z.array(z.string()), gphcNumber: z.string(), url: z.string().nullable() }),
});
export type WhoPrescribes = z.infer<typeof whoPrescribesSchema>;

export interface PrescribingConfiguration {
  prescribers: readonly PrescriberEntry[];
  serviceName: string;
  serviceAddress: readonly string[];
  pharmacyName: string;
  pharmacyAddress: readonly string[];
  pharmacyGphcNumber: string;
}

export function whoPrescribes(config: PrescribingConfiguration): WhoPrescribes {
  return {
    prescribers: config.prescribers.map((entry) => ({
      name: entry.name,
      profession: entry.profession,
      role: entry.role ?? null,
      registration: { body: entry.body, number: entry.number, url: registerUrl(entry.body, entry.number) },
    })),
    prescribingService: { name: config.serviceName, address: [...config.serviceAddress] },
    pharmacy: { name: config.pharmacyName, address: [...config.pharmacyAddress], gphcNumber: config.pharmacyGphcNumber, url: pharmacyRegisterUrl(config.pharmacyGphcNumber) },
  };
}

/** The medical director among the prescribers, if configuration names one. */
export function medicalDirectorOf(page: Pick<WhoPrescribes, 'prescribers'>): WhoPrescribes['prescribers'][number] | null {
  return page.prescribers.find((entry) => entry.role === MEDICAL_DIRECTOR_ROLE) ?? null;
}

/** What each register's members are, when configuration does not name the prescriber (a doctor or a pharmacist). */
const PROFESSION_BY_REGISTER: Record<RegistrationBody, string> = { GMC: 'Doctor', GPhC: 'Pharmacist independent prescriber' };
const RECORDED_REGISTRATION = /^(GPhC|GMC) (\d{7})$/;

/** The prescriber who approved an order, as the patient, the receipt and the console name them. */
export const namedPrescriberSchema = z.object({
  name: z.string(),
  /** As the patient reads it, e.g. 'Pharmacist independent prescriber'. */
  profession: z.string(),
  /** The register that holds them, their number and where anyone can check it; null when none was recorded. */
  registration: registerEntrySchema.nullable(),
});
export type NamedPrescriber = z.infer<typeof namedPrescriberSchema>;

/**
 * The approving prescriber as the approval recorded them ({name, registration: 'GPhC 2071234'}), with their
 * profession: the configured one for that registration ('Who prescribes'), else the register's (GMC: a doctor; GPhC:
 * a pharmacist independent prescriber).
 */
export function namedPrescriber(recorded: { name: string; registration: string | null }, configured: readonly PrescriberEntry[]): NamedPrescriber {
  const match = recorded.registration ? RECORDED_REGISTRATION.exec(recorded.registration.trim()) : null;
  if (!match) return { name: recorded.name, profession: 'Prescriber', registration: null };
  const body = match[1] as RegistrationBody;
  const number = match[2]!;
  const entry = configured.find((candidate) => candidate.body === body && candidate.number === number);
  return { name: recorded.name, profession: entry?.profession ?? PROFESSION_BY_REGISTER[body], registration: { body, number, url: registerUrl(body, number) } };
}

/** 'Priya Shah, Pharmacist independent prescriber, GPhC 2071234': one line for a receipt or a letter. */
export function namedPrescriberLine(prescriber: NamedPrescriber): string {
  return [prescriber.name, prescriber.profession, prescriber.registration ? `${prescriber.registration.body} ${prescriber.registration.number}` : null].filter(Boolean).join(', ');
}

/** The prescriber an approval's event data recorded ({prescriber: {name, registration}}), or null. */
export function recordedPrescriber(data: Record<string, unknown> | null | undefined): { name: string; registration: string | null } | null {
  const prescriber = data?.prescriber as { name?: unknown; registration?: unknown } | undefined;
  if (!prescriber || typeof prescriber.name !== 'string') return null;
  return { name: prescriber.name, registration: typeof prescriber.registration === 'string' ? prescriber.registration : null };
}
