import { REJECTION_REASONS } from '@elmwood/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';
import { placeWeightLossOrder } from './support/order';

// The demo staff the API seeds outside production (README, 'Clinic console').
const PRESCRIBER = { email: 'prescriber@elmwood-health.example', password: 'prescriber-demo-2026', secret: 'IHKWSE33JF3FI645LJBOTXDQJ2UNYJS3', home: /\/clinic\/reviews$/ };
const PHARMACIST = { email: 'pharmacist@elmwood-health.example', password: 'pharmacist-demo-2026', secret: 'SFOHY5T2ZR5JBW6KTZNJILZEQVI4LTLO', home: /\/clinic\/dispatch$/ };
type Staff = typeof PRESCRIBER;

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${test.info().project.name}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The patient's side: the consultation, the real checkout with the 4242 card; answers the new order's number. */
async function orderThroughCheckout(page: Page): Promise<string> {
  await startCheckout(page);
  await signUp(page, uniqueEmail('clinic'));
  await chooseAddressAndContinue(page);
  await field(page, 'Name on card').fill('Alex Smith');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date (MM/YY)').fill('12/30');
  await field(page, 'Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
}

async function closePopup(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Continue|Back to my tasks/ }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
}

async function uploadPhoto(page: Page, file: string) {
  await page.getByLabel('Choose a photo').setInputFiles(fixture(file));
  await expect(page.getByLabel('Zoom 1.2×')).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
}

/** The critical tasks that hold an order before review: identity photo, GP details, full-length photo. */
async function completeTasks(page: Page) {
  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await uploadPhoto(page, 'photo-id.png');
  await closePopup(page, 'Thank you for verifying your identity');

  await page.getByRole('link', { name: 'Tell us about your GP' }).click();
  await page.getByRole('button', { name: 'I consent, add my GP' }).click();
  await page.getByLabel('GP practice name').fill('Park Surgery');
  await page.getByLabel('Address line 1').fill('1 Park Road');
  await page.getByLabel('City or town').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await closePopup(page, 'Thank you for your GP details');

  await page.getByRole('link', { name: 'Add a full-length photo' }).click();
  await uploadPhoto(page, 'full-length.jpg');
  await closePopup(page, 'We have your photo');
  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();
}

/**
 * Password, then a code from the member's authenticator, computed here from the demo secret. A time step is
 * accepted once only, and the other viewport's run may sign the same member in meanwhile, so a refused code is
 * followed by the next step's code (the API allows one step of drift), then by a fresh one after a wait.
 */
async function staffSignIn(page: Page, staff: Staff) {
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

async function staffPage(browser: Browser, staff: Staff, { checkLogin = false } = {}): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Without a staff session any console page leads to the console's own login.
  await page.goto('/clinic/reviews');
  await expect(page).toHaveURL(/\/clinic\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic sign in' })).toBeVisible();
  if (checkLogin) await expectNoAxeViolations(page, 'clinic login');
  await staffSignIn(page, staff);
  return page;
}

async function openFromQueue(page: Page, orderNumber: string, tab: 'Ready for review' | 'Waiting for patient') {
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tabpanel').getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}

// Each test walks a checkout and two or three staff sign-ins.
test.slow();

test('a prescriber approves a weight-loss order and a pharmacist dispatches it; the patient sees it dispatched', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const orderNumber = await orderThroughCheckout(page);
  await completeTasks(page);

  const prescriber = await staffPage(browser, PRESCRIBER, { checkLogin: true });
  await expect(prescriber.getByRole('banner')).toContainText('Dr Ana Patel');
  await expect(prescriber.getByRole('tabpanel').getByRole('table')).toBeVisible();
  await expectNoAxeViolations(prescriber, 'review queue');
  await openFromQueue(prescriber, orderNumber, 'Ready for review');

  const photos = prescriber.getByRole('region', { name: 'Photos' });
  for (const alt of ['Photo ID of Alex Smith', 'Full-length photo of Alex Smith']) {
    const image = photos.getByRole('img', { name: alt });
    // Photos load lazily (each read is audited), so look at them as the prescriber would.
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  const consultation = prescriber.getByRole('region', { name: /^Consultation/ });
  await expect(consultation.getByRole('term').first()).toBeVisible();
  await expect(consultation).toContainText('Eligible for');
  await expect(prescriber.getByRole('region', { name: 'GP' })).toContainText('Park Surgery');
  await expectNoAxeViolations(prescriber, 'order review');

  await prescriber.getByRole('button', { name: 'Approve' }).click();
  const confirm = prescriber.getByRole('dialog', { name: 'Approve this order?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(prescriber, 'approve dialog');
  await confirm.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(prescriber.getByRole('status').filter({ hasText: 'Done. The order is now approved.' })).toBeVisible();
  await expect(prescriber.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const pharmacist = await staffPage(browser, PHARMACIST);
  const card = pharmacist.getByRole('region', { name: orderNumber, exact: true });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(pharmacist, 'dispatch queue');

  await card.getByRole('link', { name: 'Packing slip' }).click();
  await expect(pharmacist.getByRole('heading', { level: 1, name: new RegExp(`packing slip: order ${orderNumber}$`) })).toBeVisible();
  await expect(pharmacist.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(pharmacist.getByRole('table')).toContainText('Wegovy');
  await expectNoAxeViolations(pharmacist, 'packing slip');
  await pharmacist.getByRole('link', { name: 'Back to dispatch' }).click();

  await card.getByRole('radio', { name: 'Royal Mail' }).check();
  await card.getByLabel('Tracking number').fill('AB123');
  await card.getByRole('button', { name: 'Mark as dispatched' }).click();
  await expect(card.getByText('A Royal Mail tracking number is two letters, nine digits and GB, e.g. AB123456789GB.')).toBeVisible();
  await expect(card.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  await card.getByLabel('Tracking number').fill('AB123456789GB');
  await card.getByRole('button', { name: 'Mark as dispatched' }).click();
  await expect(pharmacist.getByRole('status').filter({ hasText: `Order ${orderNumber} is dispatched.` })).toBeVisible();

  await page.goto('/account/order-history');
  const row = page.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` });
  await expect(row).toContainText('Dispatched');
  await expect(row.getByRole('link', { name: /Track your parcel \(AB123456789GB\)/ })).toBeVisible();
  await expectNoAxeViolations(page, 'order history, dispatched');
});

test('a prescriber rejects an order with a reason, which the patient then reads in their order history', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { orderNumber } = await placeWeightLossOrder(page, uniqueEmail('clinic-reject'));

  const prescriber = await staffPage(browser, PRESCRIBER);
  await openFromQueue(prescriber, orderNumber, 'Waiting for patient');
  await prescriber.getByRole('button', { name: 'Reject' }).click();
  const dialog = prescriber.getByRole('dialog', { name: 'Reject this order?' });
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for the rejection.');
  await dialog.getByLabel('Reason').selectOption({ label: 'BMI not eligible' });
  await dialog.getByLabel('Note to the patient (optional)').fill('Please speak to your GP about other support.');
  await expectNoAxeViolations(prescriber, 'reject dialog');
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(prescriber.getByRole('status').filter({ hasText: 'Done. The order is now rejected.' })).toBeVisible();

  await page.goto('/account/order-history');
  const row = page.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` });
  await expect(row).toContainText('Not approved');
  await expect(row).toContainText(`${REJECTION_REASONS.bmi_not_eligible} Please speak to your GP about other support.`);
});
