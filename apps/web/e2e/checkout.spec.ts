import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { field, signUp } from './support/checkout';
import { answerWeightLossConsultation, startCheckout } from './support/consultation';
import { registerPatient } from './support/patients';

const errorOf = (page: Page, label: string) => page.locator('.field').filter({ has: field(page, label) }).locator('.field__error');

test('sign up in the checkout, each field error shown then fixed, then an address from the postcode finder', async ({ page }) => {
  // A consultation, every signup message and the address finder: near 30 s on a phone-sized page of a busy machine.
  test.setTimeout(60_000);
  await startCheckout(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
  await expect(page.getByText(/Wegovy 0.25 mg/)).toBeVisible();
  await expectNoAxeViolations(page, 'checkout account step');

  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(errorOf(page, 'First name')).toHaveText('Required');
  await expect(errorOf(page, 'Last name')).toHaveText('Required');
  await expect(errorOf(page, 'Email')).toHaveText('Invalid email');
  await expect(errorOf(page, 'Mobile number')).toHaveText('Required');
  // The consultation gave a date of birth: it is not asked for again (its rules are checked there and in the form's unit tests).
  await expect(field(page, 'Date of birth')).toHaveCount(0);
  await expect(page.getByText('Date of birth: 12/04/1985, from your consultation.')).toBeVisible();
  await expect(errorOf(page, 'Password')).toHaveText('Required');
  await expect(page.getByText('Required').last()).toBeVisible();

  await field(page, 'Password').fill('short');
  await expect(errorOf(page, 'Password')).toHaveText('Your password must be at least 8 characters long.');
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
  await page.getByRole('option', { name: 'Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP' }).click();
  await expect(field(page, 'Address line 1')).toHaveValue('Flat 3, Oak House');
  await expect(field(page, 'Address line 2 (optional)')).toHaveValue('12 High Street');
  await expect(field(page, 'Town or city')).toHaveValue('Leeds');
  await expectNoAxeViolations(page, 'checkout address');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Shipping' })).toBeVisible();
  await expectNoAxeViolations(page, 'checkout payment step');

  // The address reached the order (the cart), where payment will read it; billing follows it.
  const token = await page.evaluate(() => window.localStorage.getItem('cartToken'));
  const cart = await (await page.request.get(`/shop-api/carts/${token}`)).json();
  const delivered = { firstName: 'Alex', lastName: 'Smith', company: 'Flat 3, Oak House', street: '12 High Street', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' };
  expect(cart.shippingAddress).toMatchObject(delivered);
  expect(cart.billingAddress).toMatchObject(delivered);
  // A reload finds the order's address and keeps the checkout at Payment.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP')).toBeVisible();
});

test('a basket of goods that ship from stock promises one day delivery; a medicine that needs a clinical check makes it two', async ({ page }) => {
  await page.goto('/');
  const token: string = (await (await page.request.post('/shop-api/carts', { data: { channel: 'WEB_WL_UK' } })).json()).tokenValue;
  const vitamins = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 };
  expect((await page.request.post(`/shop-api/carts/${token}/items`, { data: vitamins })).status()).toBe(201);
  await page.evaluate((value) => window.localStorage.setItem('cartToken', value), token);
  await page.goto('/n/weight-loss/order');
  await page.getByRole('button', { name: 'Edit Health Plan' }).click();
  await expect(page.getByText(/Free one day delivery, expected \d{2} \w{3}\. once approved/)).toBeVisible();
  await expectNoAxeViolations(page, 'health plan, quick ship');

  // A medicine comes with the consultation it needs (the API refuses it without one).
  await answerWeightLossConsultation(page);
  const questionnaire = await (await page.request.get('/shop-api/questionnaires/by-slug/weight-loss')).json();
  expect((await page.request.put(`/shop-api/checkout/${token}/medical_history_questionnaire`, { data: { questionnaireId: questionnaire.questionnaireId } })).ok()).toBe(true);
  const wegovy = { productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30 };
  expect((await page.request.post(`/shop-api/carts/${token}/items`, { data: wegovy })).status()).toBe(201);
  await page.reload();
  await page.getByRole('button', { name: 'Edit Health Plan' }).click();
  await expect(page.getByText(/Free two days delivery, expected \d{2} \w{3}\. - \d{2} \w{3}\. once approved/)).toBeVisible();
});

test('a referral link is remembered and sent with the signup', async ({ page, context }) => {
  const referrer = await registerPatient(page.request, { firstName: 'Rae', lastName: 'Friend', email: `referrer-${Date.now()}@example.com`, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  const uid: string = (await referrer.json()).uid;
  await page.request.post('/shop-api/logout');

  await page.goto(`/r/${uid}?raf=friend`);
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page, 'home after a referral link');
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'invited_by');
  expect(cookie?.value).toBe(uid);
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29);
  expect(days).toBeLessThanOrEqual(30);

  await startCheckout(page);
  const signup = page.waitForRequest((request) => request.url().endsWith('/shop-api/register'));
  await signUp(page, `referred-${Date.now()}@example.com`);
  expect((await signup).postDataJSON()).toMatchObject({ invitedBy: uid });
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
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
  // Signing up waits for the emailed code (sent by the server's job queue): more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
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

test('logging in with a new basket merges the earlier one into it', async ({ page }) => {
  // Signing up waits for the emailed code (sent by the server's job queue): more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = `merge-${Date.now()}@example.com`;
  await startCheckout(page);
  await signUp(page, email);
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to continue your order' })).toBeVisible();

  // Later, as a visitor, a new basket with vitamins in it.
  const token: string = (await (await page.request.post('/shop-api/carts', { data: { channel: 'WEB_WL_UK' } })).json()).tokenValue;
  const vitamins = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 };
  expect((await page.request.post(`/shop-api/carts/${token}/items`, { data: vitamins })).status()).toBe(201);
  await page.evaluate((value) => window.localStorage.setItem('cartToken', value), token);
  await page.goto('/n/weight-loss/order');
  await page.getByRole('button', { name: 'Already have an account? Log in' }).click();
  await expectNoAxeViolations(page, 'checkout login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText(/Daily Multivitamin.*Wegovy 0.25 mg|Wegovy 0.25 mg.*Daily Multivitamin/)).toBeVisible();
  const cart = await (await page.request.get(`/shop-api/carts/${token}`)).json();
  expect(cart.items.map((item: { variant: { code: string } }) => item.variant.code).sort()).toEqual(['DAILY-MULTIVITAMIN-30', 'WEGOVY-0-25MG']);
  expect(cart.consultations).toEqual(['weight-loss']);
});
