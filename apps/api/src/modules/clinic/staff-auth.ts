import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { isValidRegistrationNumber, type RegistrationBody, type StaffLoginReply, type StaffMember, type StaffRole, type StaffSessionReply } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { staff, staffRecoveryCodes } from '../../db/schema/clinic';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { paceSignIn, waitMessage, type SignInPacing } from '../../lib/sign-in-pacing';
import { acceptedTotpStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrDataUrl, type SecretBox } from './totp';

/** Cookie names of their own, so a patient's cookies are never read as staff ones. */
export const STAFF_SESSION_COOKIE = 'ClinicSession';
export const STAFF_PENDING_COOKIE = 'ClinicPending';
/**
 * Marks a browser where the member completed a sign-in with their code: signed, sent only to the sign-in routes. The
 * account's slow-down after wrong passwords (which anyone who knows the email can cause) does not apply to it.
 */
export const STAFF_KNOWN_DEVICE_COOKIE = 'ClinicKnownDevice';
const KNOWN_DEVICE_DAYS = 90;
/** Both live only where the clinic's API reads them; the /clinic pages themselves are static. */
const SESSION_PATH = '/shop-api/clinic';
const PENDING_PATH = '/shop-api/clinic/login';
const ISSUER = 'elmwood-clinic';
const SESSION_AUDIENCE = 'elmwood-clinic-staff';
const PENDING_AUDIENCE = 'elmwood-clinic-second-factor';
const PENDING_MINUTES = 5;
/** One working shift; then the password and a code again. */
export const SESSION_HOURS = 10;

export const INVALID_STAFF_LOGIN = 'The email or password is not correct.';
const INVALID_CODE = 'That code is not correct or has already been used. Please enter the current code from your authenticator app.';
const SIGN_IN_AGAIN = 'Your sign-in has expired. Please enter your email and password again.';

import type { StaffRow } from '../../db/schema/clinic';
export type { StaffRow };

export interface StaffAuthDeps {
  db: Db;
  /** AUTH_SECRET: staff tokens are signed with a key derived from it, never the patients' key itself. */
  secret: string;
  box: SecretBox;
  issuer: string;
  secureCookies: boolean;
  /**
   * perAddress: the hard cap on sign-in attempts from one address; perAccount: codes tried for one member's pending
   * sign-in (only someone with the password gets that far). Wrong passwords slow sign-in down (`pacing`) rather than
   * lock the account, so nobody can keep a clinician out by typing their email.
   */
  limits: { perAddress: RateLimiter; perAccount: RateLimiter };
  pacing: SignInPacing;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  registrationBody?: RegistrationBody | null;
  registrationNumber?: string | null;
  password: string;
  /** A known TOTP secret (demo staff); left out, the member enrols at first sign-in. */
  totpSecret?: string | null;
  /** A secret already shown to the member (npm run staff:create) that their first sign-in confirms. */
  pendingTotpSecret?: string | null;
  /** Prescribers: weekly windows for video consultations (UK wall-clock time); left out, kept as they are. */
  videoAvailability?: { day_of_week: number; time_start: string; time_end: string }[];
}

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.uid,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    registration: row.registrationBody && row.registrationNumber ? { body: row.registrationBody as RegistrationBody, number: row.registrationNumber } : null,
  };
}

/** Checks a new member's details: a prescriber needs a valid GPhC or GMC registration; nobody else has one. */
export function staffProblems(input: Pick<NewStaff, 'email' | 'name' | 'role' | 'registrationBody' | 'registrationNumber' | 'password'>): string[] {
  const problems: string[] = [];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) problems.push('The email address is not valid.');
  if (!input.name.trim()) problems.push('A name is needed.');
  if (input.password.length < 12) problems.push('The password needs at least 12 characters.');
  if (input.role === 'prescriber') {
    if (!input.registrationBody || !input.registrationNumber || !isValidRegistrationNumber(input.registrationBody, input.registrationNumber)) {
      problems.push('A prescriber needs a GPhC or GMC registration number (seven digits).');
    }
  } else if (input.registrationBody || input.registrationNumber) {
    problems.push('Only prescribers record a registration number.');
  }
  return problems;
}

/** Creates or (same email) updates a member of staff. */
export async function upsertStaff(db: Db, box: SecretBox, input: NewStaff): Promise<StaffRow> {
  const problems = staffProblems(input);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const values = {
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    registrationBody: input.registrationBody ?? null,
    registrationNumber: input.registrationNumber ?? null,
    passwordHash: await hashPassword(input.password),
    totpSecret: input.totpSecret ? box.seal(input.totpSecret) : null,
    pendingTotpSecret: input.pendingTotpSecret ? box.seal(input.pendingTotpSecret) : null,
    totpLastStep: null,
    disabled: false,
    updatedAt: new Date(),
    ...(input.videoAvailability ? { videoAvailability: input.videoAvailability } : {}),
  };
  const [row] = await db.insert(staff).values(values).onConflictDoUpdate({ target: staff.email, set: values }).returning();
  return row!;
}

export function createStaffAuth({ db, secret, box, issuer, secureCookies, limits, pacing }: StaffAuthDeps) {
  const key = createHmac('sha256', secret).update('elmwood clinic staff tokens').digest();
  const cookieBase = { httpOnly: true, sameSite: 'strict', secure: secureCookies } as const;

  async function sign(uid: string, audience: string, lifetime: string, claims: Record<string, unknown> = {}) {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(uid).setIssuer(ISSUER).setAudience(audience).setIssuedAt().setExpirationTime(lifetime).sign(key);
  }

  async function verifyToken(token: string | undefined, audience: string) {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience, algorithms: ['HS256'] });
      return payload;
    } catch {
      return null;
    }
  }

  async function byUid(uid: unknown): Promise<StaffRow | null> {
    if (typeof uid !== 'string' || !/^[0-9a-f-]{36}$/.test(uid)) return null;
    const [row] = await db.select().from(staff).where(eq(staff.uid, uid));
    return row && !row.disabled ? row : null;
  }

  async function capped(limiter: RateLimiter, key: string) {
    const verdict = await limiter.check(key);
    if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_ATTEMPTS', waitMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
  }

  const knownDeviceProof = (email: string) => createHmac('sha256', key).update(`known-device:${email}`).digest('base64url');
  function isKnownDevice(email: string, cookie: string | undefined): boolean {
    if (!cookie) return false;
    const expected = Buffer.from(knownDeviceProof(email));
    const given = Buffer.from(cookie);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async function pendingStaff(request: FastifyRequest): Promise<StaffRow> {
    const payload = await verifyToken(request.cookies[STAFF_PENDING_COOKIE], PENDING_AUDIENCE);
    const row = payload ? await byUid(payload.sub) : null;
    // A sign-in begun before the member logged out (which bumps the session version) is over too.
    if (!row || payload!.sv !== row.sessionVersion) throw new AppError(401, 'STAFF_SIGN_IN_EXPIRED', SIGN_IN_AGAIN);
    return row;
  }

  async function startSession(reply: FastifyReply, row: StaffRow) {
    const token = await sign(row.uid, SESSION_AUDIENCE, `${SESSION_HOURS}h`, { sv: row.sessionVersion });
    reply.clearCookie(STAFF_PENDING_COOKIE, { ...cookieBase, path: PENDING_PATH });
    reply.setCookie(STAFF_SESSION_COOKIE, token, { ...cookieBase, path: SESSION_PATH, maxAge: SESSION_HOURS * 3600 });
    reply.setCookie(STAFF_KNOWN_DEVICE_COOKIE, knownDeviceProof(row.email), { ...cookieBase, path: PENDING_PATH, maxAge: KNOWN_DEVICE_DAYS * 24 * 3600 });
  }

  return {
    /** Step one: email and password. Answers which second step follows; no session yet. */
    async login(request: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<StaffLoginReply> {
      const normalised = email.trim().toLowerCase();
      await capped(limits.perAddress, request.ip);
      await paceSignIn(pacing, 'address', request.ip);
      if (!isKnownDevice(normalised, request.cookies[STAFF_KNOWN_DEVICE_COOKIE])) await paceSignIn(pacing, 'account', normalised);
      const [row] = await db.select().from(staff).where(eq(staff.email, normalised));
      const usable = row && !row.disabled ? row : null;
      const ok = await verifyPassword(usable?.passwordHash ?? null, password);
      if (!usable || !ok) {
        await Promise.all([pacing.failures.account.record(normalised), pacing.failures.address.record(request.ip)]);
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_STAFF_LOGIN);
      }
      reply.setCookie(STAFF_PENDING_COOKIE, await sign(usable.uid, PENDING_AUDIENCE, `${PENDING_MINUTES}m`, { sv: usable.sessionVersion }), {
        ...cookieBase,
        path: PENDING_PATH,
        maxAge: PENDING_MINUTES * 60,
      });
      if (usable.totpSecret) return { step: 'totp', enrolment: null };
      // First sign-in: the secret offered (the one staff:create printed, else a new one) is kept aside until a code
      // from it confirms the enrolment.
      const secret = usable.pendingTotpSecret ? box.open(usable.pendingTotpSecret) : newTotpSecret();
      if (!usable.pendingTotpSecret) await db.update(staff).set({ pendingTotpSecret: box.seal(secret), updatedAt: new Date() }).where(eq(staff.id, usable.id));
      const url = otpauthUrl(issuer, usable.email, secret);
      return { step: 'enrol', enrolment: { secret, otpauthUrl: url, qrCode: await qrDataUrl(url) } };
    },

    /** Step two: a TOTP code (or a recovery code) completes the sign-in, or confirms a first enrolment. */
    async secondFactor(request: FastifyRequest, reply: FastifyReply, code: string): Promise<StaffSessionReply> {
      const pending = await pendingStaff(request);
      await capped(limits.perAddress, request.ip);
      await capped(limits.perAccount, `staff-code:${pending.id}`);
      const typed = code.replace(/\s+/g, '');
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(staff).where(eq(staff.id, pending.id)).for('update');
        if (!row || row.disabled) throw new AppError(401, 'STAFF_SIGN_IN_EXPIRED', SIGN_IN_AGAIN);
        let recoveryCodes: string[] | null = null;
        if (row.totpSecret) {
          const step = await acceptedTotpStep(box.open(row.totpSecret), typed, row.totpLastStep);
          if (step !== null) {
            await tx.update(staff).set({ totpLastStep: step }).where(eq(staff.id, row.id));
          } else {
            const used = await tx
              .update(staffRecoveryCodes)
              .set({ usedAt: sql`now()` })
              .where(and(eq(staffRecoveryCodes.staffId, row.id), eq(staffRecoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(staffRecoveryCodes.usedAt)))
              .returning({ id: staffRecoveryCodes.id });
            if (used.length === 0) throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
          }
        } else {
          const secret = row.pendingTotpSecret ? box.open(row.pendingTotpSecret) : null;
          const step = secret ? await acceptedTotpStep(secret, typed, null) : null;
          if (step === null) throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
          const fresh = newRecoveryCodes();
          await tx.update(staff).set({ totpSecret: row.pendingTotpSecret, pendingTotpSecret: null, totpLastStep: step, updatedAt: new Date() }).where(eq(staff.id, row.id));
          await tx.insert(staffRecoveryCodes).values(fresh.hashes.map((codeHash) => ({ staffId: row.id, codeHash })));
          recoveryCodes = fresh.codes;
        }
        await startSession(reply, row);
        return { staff: toStaffMember(row), recoveryCodes };
      });
    },

    /** The signed-in member of staff, or null: only a full session (password and code) counts. */
    async current(request: FastifyRequest): Promise<StaffRow | null> {
      const payload = await verifyToken(request.cookies[STAFF_SESSION_COOKIE], SESSION_AUDIENCE);
      const row = payload ? await byUid(payload.sub) : null;
      return row && payload!.sv === row.sessionVersion ? row : null;
    },

    /** Ends every session of the member (a session version bump) and clears the cookies. */
    async logout(reply: FastifyReply, row: StaffRow): Promise<void> {
      await db.update(staff).set({ sessionVersion: sql`${staff.sessionVersion} + 1` }).where(eq(staff.id, row.id));
      reply.clearCookie(STAFF_SESSION_COOKIE, { ...cookieBase, path: SESSION_PATH });
      reply.clearCookie(STAFF_PENDING_COOKIE, { ...cookieBase, path: PENDING_PATH });
    },
  };
}
export type StaffAuth = ReturnType<typeof createStaffAuth>;
