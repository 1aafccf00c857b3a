import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder } from './support/order';
import { SUPPORT, staffPage } from './support/staff';

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${test.info().project.name}-${Math.floor(Math.random() * 1e6)}@example.com`;

// A checkout through the API and a staff sign-in with a one-time code.
test.slow();

test('support finds an order by its number and cancels it with a reason; the patient sees it cancelled', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { orderNumber } = await placeWeightLossOrder(page, uniqueEmail('clinic-cancel'));

  const support = await staffPage(browser, SUPPORT);
  await support.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Find an order' }).click();
  await expect(support.getByRole('heading', { level: 1, name: 'Find an order' })).toBeVisible();
  await support.getByLabel('Order number').fill(orderNumber);
  await support.getByRole('button', { name: 'Open order' }).click();
  await expect(support.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  // Support decides nothing clinical, and reads no clinical record: status, delivery, payment and contact only.
  await expect(support.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(support.getByRole('region', { name: 'Patient', exact: true })).toContainText('Leeds');
  await expect(support.getByRole('region', { name: 'Order', exact: true })).toContainText('Wegovy');
  for (const clinical of [/^Consultation/, /^BMI and weight$/, /^Photos$/, /^GP$/]) await expect(support.getByRole('region', { name: clinical })).toHaveCount(0);
  await expect(support.getByText('The patient’s answers, measurements, photos and GP are for the clinical team only, so they are not shown here.')).toBeVisible();
  await expectNoAxeViolations(support, 'order page as support');

  await support.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = support.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for cancelling (3 to 500 characters).');
  await dialog.getByLabel('Reason for cancelling').fill('The patient asked by phone to cancel.');
  await expectNoAxeViolations(support, 'cancel order dialog');
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(support.getByRole('status').filter({ hasText: `Order ${orderNumber} is cancelled and the patient has been emailed.` })).toBeVisible();
  await expect(support.getByText('This order is cancelled, so it can no longer be cancelled here.')).toBeVisible();
  await expectNoAxeViolations(support, 'order page, cancelled');

  await page.goto('/account/order-history');
  await expect(page.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` })).toContainText('Cancelled');
});
