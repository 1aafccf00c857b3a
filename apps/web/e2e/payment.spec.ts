import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';

async function toPayment(page: Page, prefix: string) {
  await startCheckout(page);
  await signUp(page, `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await chooseAddressAndContinue(page);
}

async function enterCard(page: Page, number: string) {
  await field(page, 'Name on card').fill('Alex Smith');
  await field(page, 'Card number').fill(number);
  await field(page, 'Expiry date (MM/YY)').fill('12/30');
  await field(page, 'Security code (CVC)').fill('123');
}

const ALMOST_DONE = 'Almost done, Alex, one more step before you can get your order';

// Each test walks a whole consultation, sign-up and checkout.
test.slow();

test('a 3-D Secure card is confirmed in the bank’s frame and the order lands on the thank-you page with its tasks', async ({ page }) => {
  await toPayment(page, 'pay-3ds');
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  // Without valid details the button reads as unavailable (SPEC §4), yet stays focusable and answers with why.
  await expect(placeOrder).toBeDisabled();
  await expect(placeOrder).toHaveAttribute('aria-disabled', 'true');
  await placeOrder.press('Enter');
  await expect(placeOrder).toBeFocused();
  await expect(page.getByText('Please enter valid card details')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in your card details above, then place your order.' })).toBeVisible();
  await expectNoAxeViolations(page, 'payment step with card error');

  await enterCard(page, '4000 0000 0000 3220');
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '3-D Secure challenge');
  await dialog.frameLocator('iframe[title="Payment confirmation from your bank"]').getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: ALMOST_DONE })).toBeVisible();
  const thankYouUrl = page.url();

  // Both buckets of the critical-tasks experiment, forced so the test does not depend on the stored one.
  await page.goto(`${thankYouUrl}?experiment-critical-tasks-thank-you=web`);
  await expect(page.getByRole('heading', { level: 1, name: ALMOST_DONE })).toBeVisible();
  const tasks = page.getByRole('list', { name: 'Tasks to complete' }).getByRole('listitem');
  await expect(tasks.first()).toBeVisible();
  expect(await tasks.count()).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit your account' })).toHaveAttribute('href', '/account/home');
  await expectNoAxeViolations(page, 'thank-you page, critical tasks');

  // The 'app' bucket offers to finish in the installed web app, or to continue here, which shows the same tasks.
  await page.goto(`${thankYouUrl}?experiment-critical-tasks-thank-you=app`);
  await expect(page.getByRole('heading', { level: 2, name: /Finish in the Elmwood Health app/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue on web' }).click();
  await expect(page.getByRole('list', { name: 'Tasks to complete' })).toBeVisible();

  // The cart is spent: the checkout now starts afresh.
  await page.goto('/n/weight-loss/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket is empty' })).toBeVisible();
});

test('a declined card shows why, and a second card places the order', async ({ page }) => {
  await toPayment(page, 'pay-decline');
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  // In plain English with what to do; the gateway's own words ('Declined - Do Not Honour') stay with the clinic.
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toContainText('Please use another card or payment method, or contact your bank');
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).not.toContainText('Honour');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expectNoAxeViolations(page, 'payment declined');

  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: ALMOST_DONE })).toBeVisible();
});

test('PayPal opens in its own window and the order is placed once it is approved', async ({ page }) => {
  await toPayment(page, 'pay-paypal');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: ALMOST_DONE })).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
});
