import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PATIENT_PASSWORD, placeWeightLossOrder } from './support/order';
import { registerPatient } from './support/patients';

test('an order waiting for photos says so, with the task’s link, on the account home and in the order history', async ({ page }) => {
  test.setTimeout(60_000);
  await placeWeightLossOrder(page, `waiting-${Date.now()}-${test.info().project.name}@example.com`);

  await page.goto('/account/home');
  const latest = page.getByRole('region', { name: 'Order history' }).getByRole('listitem');
  await expect(latest).toContainText('Waiting for your photos');
  await expect(latest).not.toContainText('clinical review');
  await expect(latest.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', /^\/account\/upload\/upload-photo-id\?taskId=/);

  await page.goto('/account/order-history');
  const row = page.getByRole('region', { name: 'Orders, page 1 of 1' }).getByRole('listitem');
  await expect(row).toContainText('Waiting for your photos');
  await row.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/account\/upload\/upload-photo-id\?taskId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
});

test('my details: what the clinic holds, a password change that ends other sign-ins, and a deletion request', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = `details-${Date.now()}-${test.info().project.name}@example.com`;
  const registered = await registerPatient(page.request, { firstName: 'Jo', lastName: 'Reed', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  // The same patient signed in on another device.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await other.request.post('/shop-api/login', { data: { _username: email, _password: PATIENT_PASSWORD } })).status()).toBe(200);
  expect((await other.request.get('/shop-api/me')).status()).toBe(200);

  await page.goto('/account/home');
  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My details' }).click();
  await expect(page).toHaveURL(/\/account\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Personal details' });
  await expect(details.getByRole('definition')).toHaveText(['Jo Reed', email, '07700900123', '5 May 1980']);
  await expectNoAxeViolations(page, 'my details');

  // Change password: the current one is checked, the new one follows SPEC §5.
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password').fill('short');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Your password must be at least 8 characters long\./);
  await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await form.getByLabel('Confirm new password').fill('a different passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
  await form.getByLabel('Confirm new password').fill('a brand new passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not right. Please try again.');
  await expectNoAxeViolations(page, 'change password errors');
  await form.getByLabel('Current password').fill(PATIENT_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Your password has been changed. You have been signed out on your other devices.');
  // This sign-in carries on; the other device's has ended.
  expect((await page.request.get('/shop-api/me')).status()).toBe(200);
  expect((await other.request.get('/shop-api/me')).status()).toBe(401);
  await other.close();

  // Email and SMS preferences: each tick is saved at once and kept.
  const preferences = page.getByRole('region', { name: 'Email and SMS preferences' });
  await expect(preferences.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  await preferences.getByRole('checkbox', { name: 'SMS' }).uncheck();
  await expect(preferences.getByRole('status')).toHaveText('SMS reminders turned off.');
  await expectNoAxeViolations(page, 'email and SMS preferences');
  expect(await (await page.request.get('/shop-api/account/notification-preferences')).json()).toEqual({ email: true, sms: false, whatsapp: true, push: true });

  // Delete my account: a request the clinic confirms, saying what is kept, why, and for how long (the configured periods).
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  const kept = deletion.getByRole('list', { name: 'What we keep, and why' });
  await expect(kept.getByRole('heading', { level: 4 })).toHaveText(['Prescriptions and the medicines we supplied', 'Consultations and your clinical record', 'Orders and payments']);
  const prescriptions = kept.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Prescriptions and the medicines we supplied' }) });
  await expect(prescriptions.getByRole('definition').first()).toHaveText('8 years after your last treatment with us');
  await expect(prescriptions.getByRole('link', { name: /Human Medicines Regulations 2012, regulation 253/ })).toHaveAttribute('href', 'https://www.legislation.gov.uk/uksi/2012/1916/regulation/253');
  await expect(kept.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Orders and payments' }) })).toContainText('7 years after each payment');
  await expect(deletion.getByRole('link', { name: /UK GDPR, Article 5\(1\)\(e\)/ })).toBeVisible();
  await deletion.getByRole('button', { name: 'Ask us to delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'delete account dialog');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(dialog).toBeHidden();
  await expect(deletion.getByRole('status')).toContainText(/Requested on \d{1,2} \w{3,4}\.? \d{4}/);
  await expect(deletion.getByRole('status')).toContainText('Our team will confirm by email within one month');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Delete my account' }).getByRole('status')).toContainText('Requested on');
  await expect(page.getByRole('button', { name: 'Ask us to delete my account' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'my details, deletion requested');
});
