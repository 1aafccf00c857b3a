import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema/customers';
import { notifications } from '../../src/db/schema/notifications';
import type { ReceivedMail } from './smtp';

/** A signup body that passes every rule; override a field to test it. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Alex',
    lastName: 'Smith',
    email: `patient-${randomUUID()}@example.com`,
    plainPassword: 'long enough pw',
    phoneNumber: '07700900123',
    birthday: '1980-01-01',
    agreeTermsAndPrivacy: true,
    ...overrides,
  };
}

/** The cookies a browser would send back, from a reply's Set-Cookie headers (a cleared cookie is not sent). */
export function cookiesOf(reply: { cookies: { name: string; value: string }[] }): string {
  return reply.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

const joinCookies = (...cookies: (string | undefined)[]) => cookies.filter((cookie) => cookie).join('; ');

/**
 * Each test context's database (and the inbox of the SMTP server it sends to, if any), by its app: the sign-up helpers
 * send the code's email as the queue would, and read it where it went.
 */
const databases = new WeakMap<FastifyInstance, { db: Db; smtpInbox?: ReceivedMail[] }>();
export function rememberDatabase(app: FastifyInstance, db: Db, smtpInbox?: ReceivedMail[]): void {
  databases.set(app, { db, smtpInbox: smtpInbox ?? databases.get(app)?.smtpInbox });
}

/** Where a test reads the person's email: the dev mailbox, or the inbox of the SMTP server the app sends through. */
export interface MailReader {
  smtpInbox?: ReceivedMail[];
  /** How long to wait for an email the app's own jobs send (a test context that runs jobs). */
  waitMs?: number;
}

const CODE_SUBJECT = /Your .+ code: (\d{6})/;

/** The email a patient opened their account with (its code), which tests counting a patient's other mail leave out. */
export const isSignupCodeMail = (mail: { subject: string }) => CODE_SUBJECT.test(mail.subject);

/** The latest sign-up code to `email` on the dev mailbox's page (it lists the latest first: each email's subject, then its address). */
export function signupCodeInMailbox(page: string, email: string): string | undefined {
  const address = email.trim().toLowerCase();
  const article = page.split('<article>').find((item) => item.includes(`<p>To ${address} ·`) && CODE_SUBJECT.test(item));
  return article?.match(CODE_SUBJECT)?.[1];
}

/**
 * The latest sign-up code emailed to `email`, read as its owner would: the queued email is handed to the mailer (as
 * the queue's job would, in a test context that runs no jobs), then opened from the dev mailbox or the SMTP inbox.
 * Undefined when no code was emailed (an email with an account gets no code).
 */
export async function emailedSignupCode(app: FastifyInstance, email: string, { smtpInbox: given, waitMs = 10_000 }: MailReader = {}): Promise<string | undefined> {
  const known = databases.get(app);
  if (!known) throw new Error('emailedSignupCode needs an app made by createTestContext');
  const { db } = known;
  const smtpInbox = given ?? known.smtpInbox;
  const address = email.trim().toLowerCase();
  const queued = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.recipient, address), eq(notifications.template, 'signup-code'), eq(notifications.status, 'queued')))
    .orderBy(asc(notifications.id));
  for (const { id } of queued) await app.notifications.deliver(id);
  const read = async () => {
    if (smtpInbox) {
      const mail = smtpInbox.filter((received) => received.to === address && CODE_SUBJECT.test(received.subject)).at(-1);
      return mail?.subject.match(CODE_SUBJECT)?.[1];
    }
    // The dev mailbox's own store (what /dev/mailbox shows), read for this address alone: the page renders a hundred mails.
    const mails = await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(desc(mailOutbox.id)).limit(20);
    return mails.find(isSignupCodeMail)?.subject.match(CODE_SUBJECT)?.[1];
  };
  // An app that runs its jobs may be sending the email itself at this moment: it is waited for a little.
  for (let waited = 0; ; waited += 50) {
    const code = await read();
    if (code || waited >= waitMs) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface SignUpOptions extends MailReader {
  remoteAddress?: string;
  /** The cookies the browser already holds (a quiz session, a device id), sent with both steps. */
  cookie?: string;
  headers?: Record<string, string>;
}

/**
 * Signs up as the shop's sign-up form does: the form (202, a code emailed), then the code read from the email
 * (201, signed in). Answers both replies; `confirmed` carries the session's cookies.
 */
export async function signUp(
  app: FastifyInstance,
  body: Record<string, unknown>,
  { remoteAddress, cookie, headers = {}, smtpInbox, waitMs }: SignUpOptions = {},
): Promise<{ started: LightMyRequestResponse; confirmed: LightMyRequestResponse }> {
  const started = await app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload: body });
  if (started.statusCode !== 202) return { started, confirmed: started };
  const email = String(body.email);
  const code = await emailedSignupCode(app, email, { smtpInbox, waitMs });
  if (!code) throw new Error(`no sign-up code was emailed to ${email}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/shop-api/register/confirm',
    remoteAddress,
    headers: { ...headers, cookie: joinCookies(cookie, cookiesOf(started)) },
    payload: { email, code },
  });
  return { started, confirmed };
}

/** Signs a new patient up (form, then the emailed code) and answers the confirmation's reply: 201 with the session's cookies. */
export async function signedUpReply(app: FastifyInstance, body: Record<string, unknown>, options: SignUpOptions = {}): Promise<LightMyRequestResponse> {
  const { started, confirmed } = await signUp(app, body, options);
  if (started.statusCode !== 202) throw new Error(`signup answered ${started.statusCode}: ${started.body}`);
  if (confirmed.statusCode !== 201) throw new Error(`signup confirmation answered ${confirmed.statusCode}: ${confirmed.body}`);
  return confirmed;
}

/** Signs a new patient up and answers their session cookies. */
export async function signedInPatient(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<string> {
  return cookiesOf(await signedUpReply(app, signupBody(overrides)));
}
