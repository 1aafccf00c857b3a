import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { addDays, TASK_CODES, ukToday, type StaffRole, type Task } from '@elmwood/domain';
import { upsertStaff, type StaffRow } from '../../src/modules/clinic/staff-auth';
import { newTotpSecret, secretBox, totpKeyFrom } from '../../src/modules/clinic/totp';
import { uploadEncryptionKey } from '../../src/adapters/file-store/setup';
import { orders } from '../../src/db/schema/orders';
import type { TestContext } from './app';
import { placedOrderNumber, type PlaceOrderOptions } from './orders';
import { photoForm } from './uploads';

export const STAFF_PASSWORD = 'staff password 2026';

export interface SignedInStaff {
  row: StaffRow;
  totpSecret: string;
  /** The staff session cookie, as a browser sends it to /shop-api/clinic. */
  cookie: string;
}

/** The box the app keeps TOTP secrets in, from the same configuration. */
export function staffBox(ctx: TestContext) {
  return secretBox(totpKeyFrom(ctx.config.STAFF_TOTP_KEY, uploadEncryptionKey(ctx.config)));
}

export function cookieNamed(reply: LightMyRequestResponse, name: string): string {
  const cookie = reply.cookies.find((candidate) => candidate.name === name && candidate.value !== '');
  if (!cookie) throw new Error(`no ${name} cookie in ${reply.statusCode} ${reply.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A new member of staff in `role`, enrolled with a known TOTP secret. */
export async function newStaff(ctx: TestContext, role: StaffRole, overrides: { email?: string; totp?: boolean } = {}): Promise<{ row: StaffRow; totpSecret: string }> {
  const totpSecret = newTotpSecret();
  const row = await upsertStaff(ctx.database.db, staffBox(ctx), {
    email: overrides.email ?? `${role}-${randomUUID()}@elmwood-health.example`,
    name: `Test ${role}`,
    role,
    ...(role === 'prescriber' ? { registrationBody: 'GPhC' as const, registrationNumber: '2071234' } : {}),
    password: STAFF_PASSWORD,
    totpSecret: overrides.totp === false ? null : totpSecret,
  });
  return { row, totpSecret };
}

/** Signs a member of staff in through the API: password, then the current TOTP code. */
export async function staffSignIn(ctx: TestContext, email: string, totpSecret: string, password: string = STAFF_PASSWORD): Promise<string> {
  const first = await ctx.app.inject({ method: 'POST', url: '/shop-api/clinic/login', payload: { email, password } });
  if (first.statusCode !== 200) throw new Error(`staff login answered ${first.statusCode}: ${first.body}`);
  const second = await ctx.app.inject({
    method: 'POST',
    url: '/shop-api/clinic/login/totp',
    payload: { code: await generate({ secret: totpSecret }) },
    headers: { cookie: cookieNamed(first, 'ClinicPending') },
  });
  if (second.statusCode !== 200) throw new Error(`staff TOTP answered ${second.statusCode}: ${second.body}`);
  return cookieNamed(second, 'ClinicSession');
}

/** A new member of staff in `role`, signed in with password and TOTP. */
export async function signedInStaff(ctx: TestContext, role: StaffRole): Promise<SignedInStaff> {
  const { row, totpSecret } = await newStaff(ctx, role);
  return { row, totpSecret, cookie: await staffSignIn(ctx, row.email, totpSecret) };
}

/** Sends a photo the way the account's upload page does (from its task, when given); answers its upload id. */
export async function uploadPhoto(ctx: TestContext, patientCookie: string, category: 'I' | 'W' | 'P' | 'Q', taskId?: string): Promise<string> {
  const bytes = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#445566' } }).png().toBuffer();
  const form = await photoForm({ name: { I: 'Photo ID', W: 'Full-length photo', P: 'Previous prescription', Q: 'Answer our prescriber' }[category], ...(taskId ? { taskId } : {}) }, [{ name: 'photo.png', bytes, type: 'image/png' }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/shop-api/messages/category/${category}`,
    headers: { cookie: patientCookie, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { uploads: { id: string }[] }).uploads[0]!.id;
}

/** A weight-loss order placed through the API whose critical tasks (ID and full-length photos) are done: in review. */
export async function orderInReview(ctx: TestContext, patientCookie: string, options: PlaceOrderOptions = {}): Promise<{ orderNumber: string; photoIds: string[] }> {
  const orderNumber = await placedOrderNumber(ctx.app, patientCookie, options);
  const photoIds = [await uploadPhoto(ctx, patientCookie, 'I'), await uploadPhoto(ctx, patientCookie, 'W')];
  const [order] = await ctx.database.db.select({ state: orders.state }).from(orders).where(eq(orders.number, orderNumber));
  if (order?.state !== 'in_review') throw new Error(`order ${orderNumber} is ${order?.state}, not in review`);
  return { orderNumber, photoIds };
}

/** One signed-in member of each role, for tests of who may do what in the console. */
export interface ClinicTeam {
  prescriber: SignedInStaff;
  pharmacist: SignedInStaff;
  support: SignedInStaff;
  admin: SignedInStaff;
}

export async function signedInTeam(ctx: TestContext): Promise<ClinicTeam> {
  return {
    prescriber: await signedInStaff(ctx, 'prescriber'),
    pharmacist: await signedInStaff(ctx, 'pharmacist'),
    support: await signedInStaff(ctx, 'support'),
    admin: await signedInStaff(ctx, 'admin'),
  };
}

/**
 * What a prescriber records when approving for a test patient who gave no consent to inform their GP (issue 33):
 * without it the approval is refused.
 */
export const NO_GP_CONSENT = { noGpConsentReason: 'The patient chose not to share their GP; the consultation alone shows the treatment is appropriate.' } as const;

/**
 * A continuing patient's first order at the dose they take (a weight-loss medicine's `variantCode`, last dose 6 days
 * ago by the real calendar, which the consultation reads), with its ID, full-length and prescription photos: in review.
 */
export async function continuingOrderInReview(ctx: TestContext, patientCookie: string, line: { productCode: string; variantCode: string; frequency: number }): Promise<string> {
  const answers = { wl_current_injection: `${line.productCode}|||${line.variantCode}`, wl_last_dose_date: addDays(ukToday(new Date()), -6) };
  const orderNumber = await placedOrderNumber(ctx.app, patientCookie, { answers, items: [line] });
  await uploadPhoto(ctx, patientCookie, 'I');
  await uploadPhoto(ctx, patientCookie, 'W');
  const tasks = (await ctx.app.inject({ url: '/shop-api/tasks', headers: { cookie: patientCookie } })).json<Task[]>();
  await uploadPhoto(ctx, patientCookie, 'P', tasks.find((task) => task.taskDefinition.code === TASK_CODES.prescriptionPhoto)!.id);
  const [order] = await ctx.database.db.select({ state: orders.state }).from(orders).where(eq(orders.number, orderNumber));
  if (order?.state !== 'in_review') throw new Error(`order ${orderNumber} is ${order?.state}, not in review`);
  return orderNumber;
}

/**
 * What a prescriber records before approving a weight-loss medicine (issue 33): the patient weighed and measured in
 * person, the values the test consultation declared (128 kg at 200 cm, BMI 32).
 */
export const IN_PERSON_VERIFICATION = { method: 'in_person', weightKg: 128, heightCm: 200, identityChecked: true, evidence: 'Weighed and measured at the pharmacy by the pharmacist; passport seen.' } as const;

/** The prescriber records how the order's patient was verified (POST /clinic/orders/{number}/verifications). */
export async function verifyPatient(ctx: Pick<TestContext, 'app'>, prescriber: Pick<SignedInStaff, 'cookie'>, orderNumber: string, body: Record<string, unknown> = IN_PERSON_VERIFICATION): Promise<void> {
  const res = await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/verifications`, headers: { cookie: prescriber.cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`verification answered ${res.statusCode}: ${res.body}`);
}
