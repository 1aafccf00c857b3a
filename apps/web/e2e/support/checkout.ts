import { expect, type Page } from '@playwright/test';
import { emailedSignupCode } from './patients';

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The checkout's sign-up form, filled as a valid new patient and sent (the code's step follows, unless it is refused). */
export async function sendSignUpForm(page: Page, email: string, firstName = 'Alex'): Promise<void> {
  await field(page, 'First name').fill(firstName);
  await field(page, 'Last name').fill('Smith');
  await field(page, 'Email').fill(email);
  await field(page, 'Mobile number').fill('07700 900123');
  // The consultation's date of birth is not asked again; a checkout without one asks for it.
  if ((await field(page, 'Date of birth').count()) > 0) await field(page, 'Date of birth').fill('12031990');
  await field(page, 'Password').fill('correct horse battery');
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Create account and continue' }).click();
}

/** The emailed code, read from the mailbox and entered in the checkout's code step. */
export async function enterEmailedCode(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await field(page, '6-digit code').fill(await emailedSignupCode(page.request, email));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
}

/** Signs up in the checkout as a new patient: the form, then the code from the email. */
export async function signUp(page: Page, email: string, firstName = 'Alex'): Promise<void> {
  await sendSignUpForm(page, email, firstName);
  await enterEmailedCode(page, email);
}

/** An address from the postcode finder (the sandbox knows LS1 4AP), then on to the Payment step. */
export async function chooseAddressAndContinue(page: Page): Promise<void> {
  await field(page, 'Postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('option', { name: 'Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
}
