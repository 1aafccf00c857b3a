import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { field, sendSignUpForm } from './support/checkout';
import { PATIENT_PASSWORD } from './support/order';
import { registerPatient } from './support/patients';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.use({ viewport: { width: 390, height: 844 } });

test('a phone that has opened its share of accounts is told how long to wait, and can log in or use Google or Apple with its basket kept', async ({ page }) => {
  // Three sign-ups, each waiting for its emailed code (sent by the server's job queue).
  test.setTimeout(90_000);
  // This phone has opened the accounts one device may open in an hour (REGISTER_RATE_LIMIT_PER_DEVICE, 3 by default);
  // the browser tests all come from one address, whose ceiling is opened wide.
  const opened: string[] = [];
  for (let account = 0; account < 3; account += 1) {
    const email = unique('limited');
    const reply = await registerPatient(page.request, { firstName: 'Sam', lastName: 'Jones', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1985-04-12', agreeTermsAndPrivacy: true });
    expect(reply.status()).toBe(201);
    opened.push(email);
    expect((await page.request.post('/shop-api/logout')).status()).toBe(204);
  }

  await page.goto('/products/daily-multivitamin');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await sendSignUpForm(page, unique('fourth'));

  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('We cannot open another account from here just now');
  await expect(refusal).toContainText(/Please try again in (\d+ minutes?|1 hour)\. Your basket is saved\./);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  // Nothing slides sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'basket, sign-up refused for too many new accounts');

  // Logging in instead goes on with the same basket.
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await field(page, 'Email').fill(opened[0]!);
  await field(page, 'Password').fill(PATIENT_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Daily Multivitamin');
});
