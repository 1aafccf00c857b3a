import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { answerWeightLossConsultation, startCheckout } from './support/consultation';
import { PATIENT_PASSWORD } from './support/order';
import { registerPatient } from './support/patients';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function payWithSandboxCard(page: Page) {
  await field(page, 'Name on card').fill('Alex Smith');
  await field(page, 'Card number').fill('4242 4242 4242 4242');
  await field(page, 'Expiry date (MM/YY)').fill('12/30');
  await field(page, 'Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Place order' }).click();
  // Products bought directly have no consultation: their thank-you page is the basket's own.
  await expect(page).toHaveURL(/\/basket\/complete\/[^/?]+$/);
  return page.url().split('/').pop()!;
}

/** The multivitamin from its product page, every three months, into the basket. */
async function addMultivitaminToBasket(page: Page) {
  await page.goto('/products/daily-multivitamin');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Multivitamin' })).toBeVisible();
  await expect(page.getByRole('link', { name: /consultation|Get started/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Quarterly' }).check();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
}

// Each test walks a sign-up or sign-in, the address step and a card payment.
test.slow();

test('a new customer buys the multivitamin from its product page through the basket: account, shipping, payment, no consultation', async ({ page }) => {
  await page.goto('/products/daily-multivitamin');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expectNoAxeViolations(page, 'multivitamin product page with Add to basket');
  // A prescription medicine keeps its consultation.
  await page.goto('/products/wegovy');
  await expect(page.getByRole('link', { name: 'Start your consultation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to basket' })).toHaveCount(0);

  await addMultivitaminToBasket(page);
  const steps = page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['Account', 'Shipping', 'Payment']);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Daily Multivitamin');
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('Quarterly subscription');
  await expectNoAxeViolations(page, 'basket, account step');

  await signUp(page, unique('basket'));
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  await expect(page.getByText('No addresses')).toBeVisible();
  await chooseAddressAndContinue(page);
  await expectNoAxeViolations(page, 'basket, payment step');
  const orderNumber = await payWithSandboxCard(page);

  const order = await (await page.request.get(`/shop-api/orders/${orderNumber}`)).json();
  expect(order.items.map((item: { productCode: string; frequency: number }) => [item.productCode, item.frequency])).toEqual([['DAILY-MULTIVITAMIN', 90]]);
  expect(order.consultationSlug).toBeNull();
  // The phone from the sign-up came with the address, for the courier's delivery updates.
  expect(order.shippingAddress).toMatchObject({ company: 'Flat 3, Oak House', postcode: 'LS1 4AP', phoneNumber: '07700 900123' });
});

test('a customer chooses the second of two saved addresses and another billing address, then deletes an address', async ({ page }) => {
  const api = page.request;
  await page.goto('/');
  const email = unique('addresses');
  const registered = await registerPatient(api, { firstName: 'Alex', lastName: 'Smith', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1985-04-12', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  const home = { firstName: 'Alex', lastName: 'Smith', company: '1 Elm Row', street: '', city: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '07700900123' };
  const work = { firstName: 'Alex', lastName: 'Smith', company: '2 Mill Yard', street: 'Kirkstall', city: 'Leeds', postcode: 'LS5 3BT', phoneNumber: '07700900456' };
  const first = await (await api.post('/shop-api/address-book', { data: home })).json();
  await api.post('/shop-api/address-book', { data: work });
  // The first is the default, so choosing the second is the patient's own choice.
  expect((await api.patch(`/shop-api/address-book/${first.id}/default`)).status()).toBe(204);

  await addMultivitaminToBasket(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
  const list = page.getByRole('group', { name: 'Deliver to this address' });
  await expect(list.getByRole('radio')).toHaveCount(2);
  await expect(list.getByRole('radio', { name: /1 Elm Row/ })).toBeChecked();
  await list.getByRole('radio', { name: /2 Mill Yard/ }).check();
  const billing = page.getByRole('group', { name: 'Billing address' });
  await expect(billing.getByRole('checkbox', { name: 'Same as delivery address' })).toBeChecked();
  await billing.getByRole('checkbox', { name: 'Same as delivery address' }).uncheck();
  await billing.getByLabel('Postcode', { exact: true }).fill('ID1 1QD');
  await billing.getByRole('button', { name: 'Find address' }).click();
  await billing.getByRole('listbox', { name: 'Select your address' }).getByRole('option').nth(1).click();
  await expect(billing.getByLabel('Address line 1', { exact: true })).not.toHaveValue('');
  await billing.getByLabel('First name', { exact: true }).fill('Sam');
  await expectNoAxeViolations(page, 'address manager with a billing address');
  const billedLine1 = await billing.getByLabel('Address line 1', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  const orderNumber = await payWithSandboxCard(page);

  const order = await (await api.get(`/shop-api/orders/${orderNumber}`)).json();
  expect(order.shippingAddress).toMatchObject({ company: '2 Mill Yard', street: 'Kirkstall', postcode: 'LS5 3BT', phoneNumber: '07700900456' });
  expect(order.billingAddress).toMatchObject({ firstName: 'Sam', company: billedLine1, postcode: 'ID1 1QD' });
  // Both, as the patient reads them on the order's page.
  await page.goto(`/account/orders/${orderNumber}`);
  const details = page.getByRole('region', { name: 'Delivery and payment' });
  const underHeading = (name: string) => details.getByRole('heading', { level: 2, name }).locator('..');
  await expect(underHeading('Delivery address')).toContainText('2 Mill Yard');
  await expect(underHeading('Delivery address')).toContainText('LS5 3BT');
  await expect(underHeading('Billing address')).toContainText('Sam');
  await expect(underHeading('Billing address')).toContainText(billedLine1);
  await expect(underHeading('Billing address')).toContainText('ID1 1QD');

  // The address manager in the account: the order in progress keeps its address; the other one goes.
  await page.goto('/account/details/change/shipping-address');
  const saved = page.getByRole('group', { name: 'Deliver to this address' });
  await expect(saved.getByRole('radio')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete 2 Mill Yard, Kirkstall, Leeds, LS5 3BT' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'delete address dialog');
  await confirm.getByRole('button', { name: 'Delete address' }).click();
  await expect(page.getByRole('alert')).toHaveText(/being used for an order in progress, so it cannot be deleted/);
  await expect(saved.getByRole('radio')).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete 1 Elm Row, Leeds, LS1 4AP' }).click();
  await page.getByRole('dialog', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete address' }).click();
  await expect(saved.getByRole('radio')).toHaveCount(1);
  await expect(saved.getByRole('radio', { name: /2 Mill Yard/ })).toBeVisible();
  await expectNoAxeViolations(page, 'address manager after a delete');
});

test('the multivitamin joins a weight-loss basket from the recommendations page, before or after the checkout button', async ({ page }) => {
  const basketCodes = async () => {
    const token = await page.evaluate(() => window.localStorage.getItem('cartToken'));
    const cart = await (await page.request.get(`/shop-api/carts/${token}`)).json();
    return cart.items.map((item: { product: { code: string } }) => item.product.code).sort();
  };
  const offer = () => page.getByRole('region', { name: 'Add to your programme' });

  // After: the basket already holds the treatment.
  await startCheckout(page);
  await page.goto('/n/weight-loss/recommendations');
  await offer().getByRole('button', { name: 'Add Daily Multivitamin to basket' }).click();
  await expect(offer().getByRole('status')).toHaveText(/Daily Multivitamin is in your basket/);
  await expectNoAxeViolations(page, 'recommendations with a supplement added');
  expect(await basketCodes()).toEqual(['DAILY-MULTIVITAMIN', 'WEGOVY']);
  await offer().getByRole('link', { name: 'Go to checkout' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
  await expect(page.getByText(/Wegovy .*Daily Multivitamin|Daily Multivitamin.*Wegovy/)).toBeVisible();

  // Before: a basket of the supplement alone is carried into the programme's checkout.
  await page.evaluate(() => window.localStorage.removeItem('cartToken'));
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  await offer().getByRole('button', { name: 'Add Daily Multivitamin to basket' }).click();
  await expect(offer().getByRole('status')).toBeVisible();
  expect(await basketCodes()).toEqual(['DAILY-MULTIVITAMIN']);
  await page.getByRole('region', { name: 'Choose your treatment' }).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
  expect(await basketCodes()).toEqual(['DAILY-MULTIVITAMIN', 'WEGOVY']);
});
