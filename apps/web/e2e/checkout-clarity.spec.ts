import { expect, test, type Page } from '@playwright/test';
import { bucketFor, RECURRING_DISCOUNT_EXPERIMENT } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, enterEmailedCode, field } from './support/checkout';
import { answerWeightLossConsultation } from './support/consultation';

/** A visitor id (the browser's anonymous id) in the bucket wanted. */
function visitorIn(bucket: 'gift' | 'control'): string {
  for (let index = 0; ; index += 1) {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    if (bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === bucket) return id;
  }
}

async function checkoutAsVisitor(page: Page, visitorId: string) {
  await page.addInitScript((id) => window.localStorage.setItem('anonymousId', id), visitorId);
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  await page.getByRole('region', { name: 'Choose your treatment' }).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
}

const steps = (page: Page) => page.getByRole('list', { name: 'Checkout steps' }).getByRole('listitem');

// The whole consultation, sign-up, address and payment step.
test.slow();

test('checkout: no second date of birth, log in offered first, ticks, a long email that fits, and honest prices next to Place order', async ({ page }, info) => {
  const visitorId = visitorIn('gift');
  await checkoutAsVisitor(page, visitorId);

  // The Health Plan is done: it shows a tick, in the breadcrumb and on its card.
  await expect(steps(page).first()).toHaveText('Completed: Health Plan');
  await expect(page.getByRole('heading', { level: 2, name: 'Completed: Health Plan' })).toBeVisible();
  await expect(steps(page).nth(1)).toHaveAttribute('aria-current', 'step');

  // 'Already have an account? Log in' comes before the sign-up form's first field.
  const logIn = page.getByRole('button', { name: 'Already have an account? Log in' });
  const logInBox = await logIn.boundingBox();
  const firstNameBox = await field(page, 'First name').boundingBox();
  expect(logInBox!.y).toBeLessThan(firstNameBox!.y);

  // The consultation's date of birth (12 April 1985) is not asked for again.
  await expect(field(page, 'Date of birth')).toHaveCount(0);
  await expect(page.getByText('Date of birth: 12/04/1985, from your consultation.')).toBeVisible();
  await expectNoAxeViolations(page, 'checkout account step');

  const email = `a.very.long.email.address.that.must.wrap-${Date.now()}-${info.project.name}@an-exceptionally-long-clinic-domain.example.co.uk`;
  await field(page, 'First name').fill('Alex');
  await field(page, 'Last name').fill('Smith');
  await field(page, 'Email').fill(email);
  await field(page, 'Mobile number').fill('07700 900123');
  await field(page, 'Password').fill('correct horse battery');
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await enterEmailedCode(page, email);
  await expect(page.getByRole('heading', { level: 2, name: 'Completed: Account' })).toBeVisible();

  // The long email wraps inside its card; nothing scrolls sideways.
  const accountCard = page.getByRole('region', { name: 'Completed: Account' });
  const summary = accountCard.getByText(`Signed in as ${email}`);
  const cardBox = (await accountCard.boundingBox())!;
  const summaryBox = (await summary.boundingBox())!;
  expect(summaryBox.x + summaryBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await chooseAddressAndContinue(page);
  await expect(steps(page).nth(2)).toHaveText('Completed: Shipping');

  // The order and its discount box are on the Payment step itself.
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Wegovy 0.25 mg');
  await order.getByRole('button', { name: 'Add discount code' }).click();
  await order.getByRole('textbox', { name: 'Discount code' }).fill('SAVE10');
  await order.getByRole('button', { name: 'Apply' }).click();
  await expect(order.getByText('Discount applied')).toBeVisible();

  // Next to Place order: what is held now (not charged), when it is charged, each later month by dose, how to cancel.
  const terms = page.getByRole('region', { name: 'What you pay' });
  await expect(terms.getByText('£139.00 held today, not charged')).toBeVisible();
  await expect(terms).toContainText('Nothing is charged until a clinician approves your treatment.');
  await expect(terms).toContainText('Wegovy 0.25 mg Monthly subscription: £139.00 for the first delivery, then each payment follows your dose:');
  await expect(terms.getByRole('list', { name: 'Later payments for Wegovy' }).getByRole('listitem')).toHaveText([
    // The 'gift' bucket the visitor was in carries over to the account: £20 off months 2 and 3.
    'Month 2: £149.00 (0.5 mg)',
    'Month 3: £179.00 (1 mg)',
    'Month 4 onwards: £249.00 (1.7 mg)',
  ]);
  await expect(terms).toContainText('Cancel anytime. You can cancel before any later payment');
  await expect(page.getByText(/Total today/)).toHaveCount(0);
  expect(await page.request.get('/shop-api/me/experiments').then((reply) => reply.json())).toMatchObject({ 'recurring-discount': 'gift' });

  // Without a card Place order reads as unavailable (SPEC §4) yet stays focusable, and pressed says what is missing.
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeDisabled();
  await expect(placeOrder).toHaveAttribute('aria-disabled', 'true');
  await placeOrder.focus();
  await expect(placeOrder).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in your card details above, then place your order.' })).toBeVisible();
  await expectNoAxeViolations(page, 'payment step with price terms');
});

test('a one-off purchase never reads as monthly, and a monthly plan reads a month', async ({ page }) => {
  await page.addInitScript((id) => window.localStorage.setItem('anonymousId', id), visitorIn('control'));
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  const summary = page.getByRole('region', { name: 'Choose your treatment' });
  const oneOff = summary.locator('label').filter({ has: page.getByRole('radio', { name: /One-off purchase/ }) });
  await expect(oneOff).toContainText('£159.00 one-off');
  await expect(oneOff).not.toContainText('a month');
  const monthly = summary.locator('label').filter({ has: page.getByRole('radio', { name: /Monthly subscription/ }) });
  await expect(monthly).toContainText('£149.00 a month');
  await expectNoAxeViolations(page, 'recommendations, one-off option');
});
