import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { field, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';

const errorOf = (page: Page, label: string) => page.locator('.field').filter({ has: field(page, label) }).locator('.field__error');

test('sign up in the checkout, each field error shown then fixed, then an address from the postcode finder', async ({ page }) => {
  await startCheckout(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
  await expect(page.getByText(/Wegovy 0.25 mg/)).toBeVisible();
  await expectNoAxeViolations(page, 'checkout account step');

  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(errorOf(page, 'First name')).toHaveText('Required');
  await expect(errorOf(page, 'Last name')).toHaveText('Required');
  await expect(errorOf(page, 'Email')).toHaveText('Invalid email');
  await expect(errorOf(page, 'Mobile number')).toHaveText('Required');
  await expect(errorOf(page, 'Date of birth')).toHaveText('Please enter your date of birth');
  await expect(errorOf(page, 'Password')).toHaveText('Required');
  await expect(page.getByText('Required').last()).toBeVisible();

  await field(page, 'Password').fill('short');
  await expect(errorOf(page, 'Password')).toHaveText('Your password must be at least 8 characters long.');
  await field(page, 'Date of birth').fill('01012015');
  await expect(field(page, 'Date of birth')).toHaveValue('01/01/2015');
  await expect(errorOf(page, 'Date of birth')).toHaveText('You need to be over 18 in order to proceed');
  await field(page, 'Date of birth').fill('31022000');
  await expect(errorOf(page, 'Date of birth')).toHaveText('Please enter correct date');
  await field(page, 'Email').fill('not-an-email');
  await expect(errorOf(page, 'Email')).toHaveText('Invalid email');

  await signUp(page, `checkout-${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await expect(page.getByText(/Signed in as checkout-/)).toBeVisible();

  await field(page, 'Postcode').fill('id1 kfa');
  await expect(field(page, 'Postcode')).toHaveValue('ID1 KFA');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(errorOf(page, 'Postcode')).toHaveText('Address not found. Please ensure you have entered a valid UK postal code.');
  await field(page, 'Postcode').fill('ID1 CLIP');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.locator('.toast')).toContainText('Sorry. Service temporary unavalaible');
  await expect(errorOf(page, 'Postcode')).toHaveText('');

  await field(page, 'Postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByLabel('Select your address').selectOption({ label: 'Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP' });
  await expect(field(page, 'Address line 1')).toHaveValue('Flat 3, Oak House');
  await expect(field(page, 'Address line 2 (optional)')).toHaveValue('12 High Street');
  await expect(field(page, 'Town or city')).toHaveValue('Leeds');
  await expectNoAxeViolations(page, 'checkout address');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Flat 3, Oak House, Leeds, LS1 4AP')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Shipping' })).toBeVisible();
  await expectNoAxeViolations(page, 'checkout payment step');
});

test('an address entered by hand shows each address message', async ({ page }) => {
  await startCheckout(page);
  await signUp(page, `manual-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Enter address manually' }).click();
  await field(page, 'Address line 1').fill('x'.repeat(36));
  await field(page, 'Address line 2 (optional)').fill('y'.repeat(36));
  await field(page, 'Town or city').fill('L');
  await field(page, 'Postcode').fill('NOPE');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(errorOf(page, 'Address line 1')).toHaveText('Address line 1 cannot exceed 35 characters');
  await expect(errorOf(page, 'Address line 2 (optional)')).toHaveText('Address line 2 cannot exceed 35 characters');
  await expect(errorOf(page, 'Town or city')).toHaveText('Please enter a valid UK City or Town');
  await expect(errorOf(page, 'Postcode')).toHaveText('Please enter a valid UK Postcode');
  await field(page, 'Postcode').fill('SW1A 1AA SW1A 1AA');
  await expect(errorOf(page, 'Postcode')).toHaveText('Post code cannot exceed 10 characters');

  await field(page, 'Address line 1').fill('12 High Street');
  await field(page, 'Address line 2 (optional)').fill('');
  await field(page, 'Town or city').fill('Leeds');
  await field(page, 'Postcode').fill('ls1 4ap');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('12 High Street, Leeds, LS1 4AP')).toBeVisible();
});

test('a discount code is applied and removed, and the patient logs out and back in to the same order', async ({ page }) => {
  const email = `discount-${Date.now()}@example.com`;
  await startCheckout(page);
  await signUp(page, email);
  await page.getByRole('button', { name: 'Edit Health Plan' }).click();

  await page.getByRole('button', { name: 'Add discount code' }).click();
  await field(page, 'Discount code').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(errorOf(page, 'Discount code')).toHaveText('This discount code is not valid.');
  await field(page, 'Discount code').fill('welcome20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount applied')).toBeVisible();
  await expect(page.getByText('20% OFF').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add discount code' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'discount applied');
  await page.getByRole('button', { name: 'Remove discount 20% off your first order' }).click();
  await expect(page.getByText('Discount removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add discount code' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to continue your order' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('You need to log in to view this page');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
});
