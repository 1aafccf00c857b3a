import { z } from 'zod';
import { STAFF_ROLES } from '../lifecycle/actors';

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** The bodies a prescriber is registered with: the pharmacy regulator or the medical one. */
export const REGISTRATION_BODIES = ['GPhC', 'GMC'] as const;
export type RegistrationBody = (typeof REGISTRATION_BODIES)[number];

/** Both registers number their members with seven digits (GPhC: e.g. 2071234; GMC: e.g. 7012345). */
const REGISTRATION_NUMBER = /^\d{7}$/;

export function isValidRegistrationNumber(body: RegistrationBody, number: string): boolean {
  return REGISTRATION_BODIES.includes(body) && REGISTRATION_NUMBER.test(number);
}

/**
 * The GMC's online register entry for a doctor, where a patient can check their registration; null for a number
 * that is not one (seven digits).
 */
export function gmcRegisterUrl(number: string): string | null {
  return isValidRegistrationNumber('GMC', number) ? `https://www.gmc-uk.org/registrants/${number}` : null;
}

/** What a prescriber's decision shows of them, e.g. 'Dr Ana Patel (GMC 7012345)'. */
export function prescriberLabel(name: string, body: RegistrationBody | null, number: string | null): string {
  return body && number ? `${name} (${body} ${number})` : name;
}

export const staffMemberSchema = z.object({
  id: z.string().describe('Public id'),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  registration: z.object({ body: z.enum(REGISTRATION_BODIES), number: z.string() }).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Text that may reach the database: PostgreSQL cannot store NUL, so it is refused here as bad input. */
export const clinicText = (max: number) => z.string().max(max).refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

export const staffLoginBodySchema = z.object({ email: clinicText(320), password: z.string().max(1024) });
export const staffTotpBodySchema = z.object({
  code: z.string().max(64).describe('Six-digit code from the authenticator, or a recovery code'),
});

/** After the password: a code is needed next; a member without TOTP gets the enrolment details. */
export const staffLoginReplySchema = z.object({
  step: z.enum(['totp', 'enrol']),
  enrolment: z
    .object({
      secret: z.string().describe('Base32 TOTP secret, for typing in'),
      otpauthUrl: z.string(),
      qrCode: z.string().describe('data:image/png;base64 QR code of otpauthUrl'),
    })
    .nullable(),
});
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

export const staffSessionReplySchema = z.object({
  staff: staffMemberSchema,
  /** Shown once, at enrolment: single-use codes for a lost authenticator. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type StaffSessionReply = z.infer<typeof staffSessionReplySchema>;
