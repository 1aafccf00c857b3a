import { expect, type APIRequest, type APIRequestContext, type Browser, type BrowserContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { generate } from 'otplib';

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;
/**
 * Each worker signs a member in once and keeps the session (a module's state lives per worker process). Codes are
 * spent once each, so signing the same prescriber in for every test, in two workers, ran out of them; the sign-in
 * page itself is still walked by the tests that check it (staffPage with onLogin).
 */
const sessions = new Map<string, SavedSession>();

// The demo staff the API seeds outside production (README, 'Clinic console').
export const PRESCRIBER = { email: 'prescriber@elmwood-health.example', password: 'prescriber-demo-2026', secret: 'IHKWSE33JF3FI645LJBOTXDQJ2UNYJS3', home: /\/clinic\/reviews$/ };
export const PHARMACIST = { email: 'pharmacist@elmwood-health.example', password: 'pharmacist-demo-2026', secret: 'SFOHY5T2ZR5JBW6KTZNJILZEQVI4LTLO', home: /\/clinic\/dispatch$/ };
export const SUPPORT = { email: 'support@elmwood-health.example', password: 'support-demo-2026', secret: 'VNH4C7TIFVOD7YXQGIKUMY75YX6A3BET', home: /\/clinic\/support$/ };
export const ADMIN = { email: 'admin@elmwood-health.example', password: 'admin-demo-2026!', secret: 'NKMI5NM54G6RGE65PA7YGBLERJ6SLIQT', home: /\/clinic\/reviews$/ };
export type Staff = typeof PRESCRIBER;

/**
 * Password, then a code from the member's authenticator, computed here from the demo secret. A time step is
 * accepted once only, and the other viewport's run may sign the same member in meanwhile, so a refused code is
 * followed by the next step's code (the API allows one step of drift), then by a fresh one after a wait.
 */
export async function staffSignIn(page: Page, staff: Staff) {
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  for (const [offset, waitFirst] of [[0, 0], [30, 0], [30, 30_000]] as const) {
    if (waitFirst) await page.waitForTimeout(waitFirst);
    await codeField.fill(await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) + offset }));
    const answer = page.waitForResponse((response) => response.url().endsWith('/shop-api/clinic/login/totp'));
    await page.getByRole('button', { name: 'Verify' }).click();
    if ((await answer).ok()) break;
    await expect(page.getByRole('alert')).toBeVisible();
  }
  await expect(page).toHaveURL(staff.home);
}

/**
 * A browser of its own for a member of staff on their console home: with this worker's session when it still holds
 * (unless the test checks the sign-in page, `onLogin`), else signed in through the console's login.
 */
export async function staffPage(browser: Browser, staff: Staff, { onLogin }: { onLogin?: (page: Page) => Promise<void> } = {}): Promise<Page> {
  const saved = onLogin ? undefined : sessions.get(staff.email);
  const context = await browser.newContext(saved ? { storageState: saved } : {});
  const page = await context.newPage();
  // The console's root leads a signed-in member to their home.
  await page.goto(saved ? '/clinic' : '/clinic/reviews');
  if (saved && (await landedOnHome(page, staff))) return page;
  if (saved) await page.goto('/clinic/reviews');
  // Without a staff session any console page leads to the console's own login.
  await expect(page).toHaveURL(/\/clinic\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic sign in' })).toBeVisible();
  if (onLogin) await onLogin(page);
  await staffSignIn(page, staff);
  sessions.set(staff.email, await context.storageState());
  return page;
}

/** Whether a console page opened with a kept session reached the member's home rather than the login. */
async function landedOnHome(page: Page, staff: Staff): Promise<boolean> {
  const login = /\/clinic\/login$/;
  await expect(page).toHaveURL((url) => login.test(url.pathname) || staff.home.test(url.pathname));
  if (login.test(new URL(page.url()).pathname)) return false;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return true;
}

/**
 * A request context signed in as a member of staff, for tests that only need the clinic's API: this worker's session
 * when the API still accepts it, else a fresh sign-in. The caller disposes of it.
 */
export async function staffRequest(api: APIRequest, baseURL: string | undefined, staff: Staff): Promise<APIRequestContext> {
  const saved = sessions.get(staff.email);
  if (saved) {
    const request = await api.newContext({ baseURL, storageState: saved });
    if ((await request.get('/shop-api/clinic/me')).ok()) return request;
    await request.dispose();
  }
  const request = await api.newContext({ baseURL });
  await staffApiSignIn(request, staff);
  sessions.set(staff.email, await request.storageState());
  return request;
}

/** The same sign-in through the API alone (password, then a code, retried as staffSignIn does), for tests that only need the decision. */
export async function staffApiSignIn(request: APIRequestContext, staff: Staff) {
  expect((await request.post('/shop-api/clinic/login', { data: { email: staff.email, password: staff.password } })).status()).toBe(200);
  for (const [offset, waitFirst] of [[0, 0], [30, 0], [30, 30_000]] as const) {
    if (waitFirst) await new Promise((resolve) => setTimeout(resolve, waitFirst));
    const code = await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) + offset });
    if ((await request.post('/shop-api/clinic/login/totp', { data: { code } })).ok()) return;
  }
  throw new Error(`${staff.email} could not complete two-factor sign-in`);
}

/**
 * What a prescriber records when approving for a test patient who has not agreed that their GP is told (issue 33);
 * harmless when they have.
 */
export const NO_GP_CONSENT = { noGpConsentReason: 'The patient chose not to share their GP; the consultation alone shows the treatment is appropriate.' } as const;

/**
 * What a prescriber records before approving a weight-loss medicine (issue 33) when the test is not about the video
 * consultation: the patient weighed and measured in person, as the test consultation declared them (100 kg, 175 cm).
 */
export const IN_PERSON_VERIFICATION = { method: 'in_person', weightKg: 100, heightCm: 175, identityChecked: true, evidence: 'Weighed and measured at the pharmacy; passport seen.' } as const;

/** A signed-in prescriber's request context records how the order's patient was verified. */
export async function verifyThroughApi(prescriber: APIRequestContext, orderNumber: string): Promise<void> {
  expect((await prescriber.post(`/shop-api/clinic/orders/${orderNumber}/verifications`, { data: IN_PERSON_VERIFICATION })).status()).toBe(201);
}

/** The prescriber verifies the patient and approves the order through the API (and, with `dispatch`, a pharmacist sends it by Royal Mail). */
export async function approveThroughApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, orderNumber: string, { dispatch = false } = {}): Promise<void> {
  const prescriber = await staffRequest(playwright.request, baseURL, PRESCRIBER);
  try {
    await verifyThroughApi(prescriber, orderNumber);
    expect((await prescriber.post(`/shop-api/clinic/orders/${orderNumber}/approve`, { data: NO_GP_CONSENT })).status()).toBe(200);
  } finally {
    await prescriber.dispose();
  }
  if (!dispatch) return;
  const pharmacist = await staffRequest(playwright.request, baseURL, PHARMACIST);
  try {
    expect((await pharmacist.post(`/shop-api/clinic/orders/${orderNumber}/dispatch`, { data: { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' } })).status()).toBe(200);
  } finally {
    await pharmacist.dispose();
  }
}
