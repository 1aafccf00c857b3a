import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { enterEmailedCode, field } from './support/checkout';
import { startCheckout } from './support/consultation';
import { expectNoSidewaysScroll, PHONE_VIEWPORT } from './support/phone';

test.use({ viewport: PHONE_VIEWPORT });

test('on a phone, the account and address steps survive a reload, the postcode keeps its space and the address list is read with the arrow keys', async ({ page }) => {
  // A consultation, two reloads and the address finder on a busy machine.
  test.setTimeout(90_000);
  await startCheckout(page);
  const email = `phone-address-${Date.now()}-${test.info().project.name}@example.com`;

  // Part of the account typed, then a reload: everything but the password comes back.
  await field(page, 'First name').fill('Alex');
  await field(page, 'Last name').fill('Smith');
  await field(page, 'Email').fill(email);
  await field(page, 'Mobile number').fill('07700 900123');
  await field(page, 'Password').fill('correct horse battery');
  await page.reload();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'First name')).toHaveValue('Alex');
  await expect(field(page, 'Last name')).toHaveValue('Smith');
  await expect(field(page, 'Mobile number')).toHaveValue('07700 900123');
  await expect(field(page, 'Password')).toHaveValue('');
  await expectNoAxeViolations(page, 'account step after a reload');
  await expectNoSidewaysScroll(page, 'account step');
  await field(page, 'Password').fill('correct horse battery');
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await enterEmailedCode(page, email);
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();

  // The postcode typed key by key keeps its space.
  await field(page, 'Postcode').pressSequentially('id1 1qd');
  await expect(field(page, 'Postcode')).toHaveValue('ID1 1QD');
  await page.getByRole('button', { name: 'Find address' }).click();
  const list = page.getByRole('listbox', { name: 'Select your address' });
  await expect(list.getByRole('option')).toHaveCount(3);
  await expectNoSidewaysScroll(page, 'the addresses found');
  await expectNoAxeViolations(page, 'the addresses found');

  // The arrow keys move through the addresses and Enter chooses; focus stays on the list meanwhile.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(list).toBeFocused();
  await expect(list.getByRole('option', { name: /^Flat 1, Kingsley Hall/ })).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'Address line 1')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(field(page, 'Address line 1')).toHaveValue('Flat 1, Kingsley Hall');
  await expect(field(page, 'Address line 2 (optional)')).toHaveValue('20 Powis Road');

  // A reload mid-address brings it back, in the fields.
  await field(page, 'Address line 2 (optional)').fill('20 Powis Road, Hackney');
  await page.reload();
  await expect(field(page, 'Address line 1')).toHaveValue('Flat 1, Kingsley Hall');
  await expect(field(page, 'Address line 2 (optional)')).toHaveValue('20 Powis Road, Hackney');
  await expect(field(page, 'Postcode')).toHaveValue('ID1 1QD');
  await expectNoAxeViolations(page, 'address step after a reload');
  await expectNoSidewaysScroll(page, 'address step');

  // The step's summary names the street too.
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Flat 1, Kingsley Hall, 20 Powis Road, Hackney, London, ID1 1QD')).toBeVisible();
  await expectNoSidewaysScroll(page, 'payment step');

  // The saved addresses, each with Edit and Delete, fit the screen too.
  await page.getByRole('button', { name: 'Edit Shipping' }).click();
  await expect(page.getByRole('group', { name: 'Deliver to this address' }).getByRole('radio')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'saved addresses');
  await expectNoAxeViolations(page, 'saved addresses');
});
