import { ageOn, REJECTION_REASONS } from '@elmwood/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';
import { completeCriticalTasks } from './support/critical-tasks';
import { placeWeightLossOrder } from './support/order';
import { PHARMACIST, PRESCRIBER, staffPage as openStaffPage, type Staff } from './support/staff';

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

async function staffPage(browser: Browser, staff: Staff, { checkLogin = false } = {}): Promise<Page> {
  return openStaffPage(browser, staff, checkLogin ? { onLogin: (page) => expectNoAxeViolations(page, 'clinic login') } : {});
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
  await completeCriticalTasks(page);

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
  // Each rule that held sits beside the answer it read, with its source and rationale, as kept on the order.
  const doseRules = consultation.getByRole('list', { name: 'Rules triggered by the answer to: Are you currently taking a weight-loss injection?' });
  await expect(doseRules.getByRole('listitem').first()).toContainText('Wegovy: new to this medicine, starting dose 0.25 mg only');
  await expect(doseRules.getByRole('listitem').first()).toContainText('Source: Wegovy SmPC 4.2; Mounjaro SmPC 4.2');
  await expect(prescriber.getByRole('region', { name: 'GP' })).toContainText('Park Surgery');
  await expect(prescriber.getByRole('region', { name: 'GP' })).toContainText('NHS ODS code B86101');
  await expectNoAxeViolations(prescriber, 'order review');

  // Weight, height and identity verified in person at a pharmacy, recorded from the review (the video consultation
  // has its own test): until then the approval waits.
  const verified = prescriber.getByRole('region', { name: 'Verified weight and identity' });
  await expect(verified).toContainText('Verification needed');
  await verified.getByRole('button', { name: 'Record a verification' }).click();
  const record = prescriber.getByRole('dialog', { name: 'Record a verification' });
  await record.getByRole('button', { name: 'Record verification' }).click();
  await expect(record.getByText('Choose how the measurements were verified.')).toBeVisible();
  await record.getByLabel('How were they verified?').selectOption({ label: 'In person' });
  await record.getByLabel('Weight (kg)').fill('101.5');
  await record.getByLabel('Height (cm)').fill('175');
  await expect(record.getByText('BMI from these measurements: 33.1')).toBeVisible();
  await record.getByRole('checkbox', { name: 'Identity checked against the photo ID' }).check();
  await record.getByLabel('Evidence').fill('Weighed and measured at Park Pharmacy by the pharmacist; passport seen.');
  await expectNoAxeViolations(prescriber, 'record a verification');
  await record.getByRole('button', { name: 'Record verification' }).click();
  await expect(record).toBeHidden();
  await expect(verified).toContainText('In person');
  await expect(verified).not.toContainText('Verification needed');

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
  // The patient's date of birth as a person writes it, with the age.
  await expect(pharmacist.getByText(`Date of birth: 12 Apr 1985 (${ageOn('1985-04-12', new Date())})`)).toBeVisible();
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
