import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder } from './support/order';

const MONTHS = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'];
/** '20 Dec. 2026', as the plan page writes dates. */
const shown = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const nextDelivery = (page: Page) => page.getByRole('definition').first();

test('a patient pauses, resumes, skips and cancels their plan, seeing the dates change each time', async ({ page }) => {
  test.setTimeout(90_000);
  await placeWeightLossOrder(page, `plan-${Date.now()}-${test.info().project.name}@example.com`);
  const home = await (await page.request.get('/shop-api/account/home')).json();
  const subscriptionId: string = home.activeTreatments[0].subscriptionId;
  const plan = await (await page.request.get(`/shop-api/subscriptions/${subscriptionId}/plan`)).json();
  const delivery: string = plan.nextDelivery;

  await page.goto(`/account/plan/${subscriptionId}`);
  const dates = page.getByRole('region', { name: 'Deliveries and payments' });
  await expect(dates.getByText('Cancel anytime')).toBeVisible();
  await expect(nextDelivery(page)).toHaveText(shown(delivery));
  await expect(dates.getByText(`on ${shown(plusDays(delivery, -3))}`)).toBeVisible();
  await expect(dates.getByText(`Changes made by ${shown(plusDays(delivery, -6))} apply to your delivery on ${shown(delivery)}.`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'plan page');

  // Pause for one delivery: the next one moves a month on.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const pause = page.getByRole('dialog', { name: 'Pause your plan' });
  await pause.getByRole('button', { name: 'Pause plan' }).click();
  await expect(pause.getByText('Please choose to pause for 1 or 2 deliveries.')).toBeVisible();
  await expect(pause.getByText(`Next delivery on ${shown(plusDays(delivery, 60))}`)).toBeVisible();
  await pause.getByLabel('Pause for 1 delivery').check();
  await expectNoAxeViolations(page, 'pause dialog');
  await pause.getByRole('button', { name: 'Pause plan' }).click();
  await expect(pause).toBeHidden();
  await expect(page.getByRole('status').getByText(/Your plan is paused/)).toBeVisible();
  await expect(dates.getByText(`Your plan is paused. It starts again with your delivery on ${shown(plusDays(delivery, 30))}.`)).toBeVisible();
  await expect(nextDelivery(page)).toHaveText(shown(plusDays(delivery, 30)));

  // Resume: back to the date it had.
  await page.getByRole('button', { name: 'Resume plan' }).click();
  await expect(nextDelivery(page)).toHaveText(shown(delivery));
  await expect(page.getByRole('button', { name: 'Resume plan' })).toHaveCount(0);

  // Skip the next delivery: the one after becomes next.
  await page.getByRole('button', { name: 'Skip next delivery' }).click();
  const skip = page.getByRole('dialog', { name: 'Skip next delivery' });
  await expect(skip).toContainText(`We will skip your delivery on ${shown(delivery)}. Your next delivery after that will be on ${shown(plusDays(delivery, 30))}.`);
  await expectNoAxeViolations(page, 'skip dialog');
  await skip.getByRole('button', { name: 'Skip this delivery' }).click();
  await expect(skip).toBeHidden();
  await expect(nextDelivery(page)).toHaveText(shown(plusDays(delivery, 30)));
  await expect(dates.getByText(`Delivery after that`)).toBeVisible();
  // What the skip did is said in the page, above the actions, and covers none of them (issue 39: it hid 'Change dose').
  await expect(page.getByRole('status').getByText(/skip/i)).toBeVisible();
  await page.getByRole('button', { name: 'Change dose' }).click({ trial: true, timeout: 2000 });
  await page.screenshot({ path: test.info().outputPath('plan-after-skip.png'), fullPage: true });

  // Cancel, with a reason from the list.
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your plan' });
  await cancel.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(cancel.getByText('Please choose a reason.')).toBeVisible();
  await cancel.getByLabel('Side effects').check();
  // Side effects: a prescriber is offered before the plan ends, and the patient may still cancel.
  await expect(cancel.getByRole('button', { name: 'Speak to a clinician first' })).toBeVisible();
  await expectNoAxeViolations(page, 'cancel dialog');
  await cancel.getByRole('button', { name: 'Cancel anyway' }).click();
  await expect(cancel).toBeHidden();
  await expect(dates.getByText('This plan is cancelled. There will be no more deliveries or payments.')).toBeVisible();
  await expect(dates.getByText('Next delivery')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Manage your plan' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('for a month at your current dose · Cancelled');
  await expect(page.getByText('Cancel anytime')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('plan-cancelled.png'), fullPage: true });
  await expectNoAxeViolations(page, 'cancelled plan');
});
