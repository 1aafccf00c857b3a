import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { field, sendSignUpForm } from './support/checkout';
import { PATIENT_PASSWORD } from './support/order';
import { emailedSignupCode, registerPatient } from './support/patients';
import { expectNoSidewaysScroll, PHONE_VIEWPORT } from './support/phone';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.use({ viewport: PHONE_VIEWPORT });

async function basketAtAccountStep(page: Page): Promise<void> {
  await page.goto('/products/daily-multivitamin');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
}

/** The words of the code step, as the patient reads them (the email it names left out). */
const codeStepText = async (page: Page, email: string) =>
  (await page.getByRole('form', { name: 'Check your email' }).innerText()).replaceAll(email, '<email>');

test('on a phone, a new patient enters the emailed code on the checkout page, asks for a new one, and goes on signed in with the basket kept', async ({ page }) => {
  test.setTimeout(60_000);
  const email = unique('code');
  await basketAtAccountStep(page);
  await sendSignUpForm(page, email);

  const step = page.getByRole('form', { name: 'Check your email' });
  await expect(step.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(step).toContainText(`We have emailed a 6-digit code to ${email}. Enter it below to open your account. The code works for 30 minutes. Your basket is saved.`);
  await expect(step).toContainText('If this email already has an account, we have emailed you about it instead.');
  // The basket and the checkout's steps stay on the page.
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Daily Multivitamin');
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
  const code = field(page, '6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'checkout, sign-up code step');
  await expectNoSidewaysScroll(page, 'checkout, sign-up code step');

  const first = await emailedSignupCode(page.request, email);
  const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(code).toHaveAccessibleDescription(/That code is not right or has expired/);
  await expectNoAxeViolations(page, 'checkout, sign-up code refused');

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(step.getByRole('status')).toHaveText(`We have sent a new code to ${email}. Codes sent before it no longer work.`);
  let next = first;
  await expect(async () => {
    next = await emailedSignupCode(page.request, email);
    expect(next).not.toBe(first);
  }).toPass({ timeout: 20_000 });
  await code.fill(next);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Daily Multivitamin');
});

test('a sign-up with an email that already has an account shows the very same code step, and opens nothing', async ({ page, browser }) => {
  const taken = unique('taken');
  const owner = await browser.newContext();
  await registerPatient(owner.request, { firstName: 'Olive', lastName: 'Hart', email: taken, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1985-04-12', agreeTermsAndPrivacy: true });
  await owner.close();

  await basketAtAccountStep(page);
  const fresh = unique('fresh');
  await sendSignUpForm(page, fresh);
  const forNew = await codeStepText(page, fresh);
  await page.getByRole('button', { name: 'Change your email' }).click();
  await field(page, 'Email').fill(taken);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(await codeStepText(page, taken)).toBe(forNew);

  // No code reaches the owner's inbox, so nothing the page offers opens their account or signs this browser in.
  await field(page, '6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(field(page, '6-digit code')).toHaveAccessibleDescription(/That code is not right or has expired/);
  expect((await page.request.get('/shop-api/me')).status()).toBe(401);
  // The owner was told, in words that send them to log in.
  const told = page.getByRole('article').filter({ hasText: `To ${taken}` }).filter({ hasText: 'Someone tried to sign up' });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(told).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
