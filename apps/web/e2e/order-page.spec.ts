import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { pdfText } from './support/pdf';
import { approveThroughApi } from './support/staff';
import { registerPatient } from './support/patients';

test('a patient opens an order from their history, sees where it stands and downloads its receipt', async ({ page }) => {
  const email = `order-page-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email);

  await page.goto('/account/order-history');
  await page.getByRole('link', { name: 'Wegovy' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('listitem')).toHaveCount(6);
  await expect(status.getByRole('listitem').first()).toContainText('Order placed (done)');
  // Held for the patient's photos: the timeline says so, and the tasks that hold it are listed.
  await expect(status.locator('[aria-current="step"]')).toContainText('Waiting for your photos');
  await expect(page.getByRole('region', { name: 'Your tasks for this order' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Wegovy');
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('definition').filter({ hasText: '£' }).first()).toBeVisible();
  const details = page.getByRole('region', { name: 'Delivery and payment' });
  await expect(details).toContainText('12 High Street');
  await expect(details).toContainText('LS1 4AP');
  await expect(details).toContainText('Visa ending 4242');
  await expectNoAxeViolations(page, 'order page');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download receipt' }).click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Elmwood Health');
  expect(text).toContain(`Order ${orderNumber}`);
  expect(text).toContain('Visa ending 4242');
  expect(text).toContain('Zero-rated (0%)');
});

test('once approved and dispatched, the order page shows the tracking and the receipt names the prescriber', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const { orderNumber } = await placeWeightLossOrder(page, `order-dispatched-${Date.now()}-${test.info().project.name}@example.com`);
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });

  await page.goto(`/account/orders/${orderNumber}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.locator('[aria-current="step"]')).toContainText('Dispatched');
  await expect(status.getByRole('listitem').filter({ hasText: 'Approved' })).toContainText('(done)');
  await expect(status.getByRole('link', { name: 'Track your parcel with Royal Mail (AB123456789GB)' })).toBeVisible();
  // The photos are done; what is still open for the order (the GP details) is listed.
  const tasks = page.getByRole('region', { name: 'Your tasks for this order' });
  await expect(tasks.getByRole('link', { name: 'Tell us about your GP' })).toBeVisible();
  await expect(tasks).not.toContainText(/photo/i);
  await expectNoAxeViolations(page, 'dispatched order page');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download receipt' }).click()]);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Prescriber');
  expect(text).toContain('Dr Ana Patel, Doctor (GP), GMC 7012345');
  expect(text).toContain('Sent by Royal Mail, tracking number AB123456789GB');
});

test("another patient's order is not found", async ({ page, browser }) => {
  const { orderNumber } = await placeWeightLossOrder(page, `order-owner-${Date.now()}-${test.info().project.name}@example.com`);
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await stranger.newPage();
  const registered = await registerPatient(other.request, { firstName: 'Sam', lastName: 'Lee', email: `order-stranger-${Date.now()}-${test.info().project.name}@example.com`, plainPassword: 'correct horse battery', phoneNumber: '07700900123', birthday: '1985-04-12', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  await other.goto(`/account/orders/${orderNumber}`);
  await expect(other.getByRole('heading', { level: 1, name: "We couldn't find that order" })).toBeVisible();
  expect((await other.request.get(`/shop-api/orders/${orderNumber}/receipt`)).status()).toBe(404);
  await expectNoAxeViolations(other, 'order not found');
  await stranger.close();
});
