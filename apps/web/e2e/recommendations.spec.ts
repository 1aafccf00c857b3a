import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { answerWeightLossConsultation } from './support/consultation';

const summary = (page: Page) => page.getByRole('region', { name: 'Choose your treatment' });
/** The card (label) of one treatment or frequency radio in the summary. */
const card = (page: Page, name: RegExp) => summary(page).locator('label').filter({ has: page.getByRole('radio', { name }) });

/** Answers the erectile dysfunction consultation through the API, in this page's browser (its quiz cookie). */
async function answerEdConsultation(page: Page): Promise<void> {
  const res = await page.request.patch('/shop-api/medical-history-for-groups-by-slug/erectile-dysfunction?allowRecommendations=1', {
    data: {
      'about-you': { ed_sex: 'male' },
      'date-of-birth': { ed_dob: '1980-02-01' },
      symptoms: { ed_frequency: 'sometimes', ed_morning_erections: 'yes' },
      'heart-health': { ed_recent_cardiac_event: 'no', ed_exertion: 'no', ed_heart_conditions: ['none'], ed_blood_pressure: 'normal' },
      medicines: { ed_medicines_taken: ['none'], ed_other_medicines: '' },
      conditions: { ed_conditions: ['none'] },
      preference: { ed_preference: 'no_preference' },
      confirm: { ed_confirm: ['confirmed'] },
    },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).recommendations).toContain('SILDENAFIL');
}

test('weight loss: the programme, a dose picked, Checkout, and the order holds that line', async ({ page }) => {
  // The consultation is answered through the API with the page's own cookie jar, so the page sees it.
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  await expect(page.getByRole('heading', { level: 1, name: 'Your weight loss programme' })).toBeVisible();
  await expect(page.getByText(/180-day money-back guarantee/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms apply' })).toHaveAttribute('href', '/pages/guarantee');

  // Recommended on the first in stock; Ozempic (a diabetes medicine) is not part of the programme.
  const wegovy = summary(page).getByRole('radio', { name: /Wegovy/ });
  await expect(wegovy).toBeChecked();
  await expect(card(page, /Wegovy/)).toContainText('Recommended');
  await expect(page.getByText(/Ozempic/)).toHaveCount(0);

  // Save N% against one-off; the dosage per month table.
  await expect(card(page, /Monthly subscription/)).toContainText(/Save \d+%/);
  const table = page.getByRole('table', { name: 'Your dosage per month' });
  await expect(table.getByRole('row').nth(1)).toContainText('Month 1');
  await expect(table.getByRole('row').nth(1)).toContainText(/£\d+$/);
  await expect(table.getByText('Optional higher doses, if required')).toBeVisible();

  // Experts, stories and FAQ are there; no rating, as the weight-loss treatments have no reviews on the platform (no default score nobody gave).
  await expect(page.getByRole('img', { name: /^Rated / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Call 020 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
  // Patients' words are about the service: no before-and-after picture beside a prescription-only medicine (HMR 2012 reg 284).
  await expect(page.getByRole('img', { name: /Before/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'weight-loss recommendations');

  // The product popup from the treatment list.
  await summary(page).getByRole('button', { name: 'About Wegovy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wegovy' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'product popup on recommendations');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A new patient starts on the starting dose: there is no other to pick. One-off then back to monthly, and checkout.
  await expect(summary(page).getByRole('combobox', { name: 'Dose' })).toHaveCount(0);
  await expect(summary(page).getByRole('group', { name: 'Dose' })).toContainText('0.25 mg');
  await summary(page).getByRole('radio', { name: /One-off purchase/ }).check();
  await expect(summary(page).getByRole('radio', { name: /Monthly subscription/ })).not.toBeChecked();
  await expect(summary(page).getByRole('radio', { name: /Quarterly subscription/ })).not.toBeChecked();
  await summary(page).getByRole('radio', { name: /Monthly subscription/ }).check();
  await summary(page).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);

  // The order holds the line the server priced: name, dose, frequency, price, free delivery.
  await expect(page.getByText(/^Wegovy 0\.25 mg · £149\.00$/)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Health Plan' }).click();
  const line = page.locator('.cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Wegovy 0.25 mg');
  await expect(line).toContainText('Monthly subscription');
  await expect(line).toContainText('£149.00');
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText(/Free two days delivery/)).toBeVisible();
  await expect(page.getByText(/Cancel anytime/)).toBeVisible();
  await expectNoAxeViolations(page, 'order');

  // Removing keeps a copy to add back.
  await page.getByRole('button', { name: 'Remove Wegovy' }).click();
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  await page.getByRole('button', { name: 'Add it back' }).click();
  await expect(line).toContainText('Wegovy 0.25 mg');
  await expect(page.getByText('Your basket is empty.')).toBeHidden();
  const token = await page.evaluate(() => window.localStorage.getItem('cartToken'));
  const cart = await (await page.request.get(`/shop-api/carts/${token}`)).json();
  expect(cart.items.map((item: { variant: { code: string }; frequency: number }) => [item.variant.code, item.frequency])).toEqual([['WEGOVY-0-25MG', 30]]);
});

test('the FAQ opens one answer at a time and closes again; the sticky bar checks out too', async ({ page }) => {
  await answerWeightLossConsultation(page);
  await page.goto('/n/weight-loss/recommendations');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const first = faq.getByRole('button', { name: 'What side effects might I have?' });
  const second = faq.getByRole('button', { name: 'Who checks my consultation?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/Feeling sick, constipation/)).toBeVisible();
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/Feeling sick, constipation/)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'false');

  // Down the page, past the summary's own button, the bar offers checkout with the first month's price.
  const bar = page.getByRole('complementary', { name: 'Checkout' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Wegovy');
  await expect(bar).toContainText(/£\d+\.\d\d first month/);
  // A control that takes focus behind the bar is scrolled clear of it: first park it under the bar, then tab to it.
  const focused = faq.getByRole('button', { name: 'Can I cancel?' });
  const barTop = (await bar.boundingBox())!.y;
  await focused.evaluate((element, top) => window.scrollBy(0, element.getBoundingClientRect().top - top - 4), barTop);
  expect((await focused.boundingBox())!.y).toBeGreaterThan(barTop);
  await faq.getByRole('button', { name: 'How is my treatment delivered?' }).focus();
  await page.keyboard.press('Tab');
  await expect(focused).toBeFocused();
  await expect.poll(async () => {
    const [barBox, focusBox] = [await bar.boundingBox(), await focused.boundingBox()];
    return focusBox!.y + focusBox!.height <= barBox!.y + 1;
  }).toBe(true);
  await expectNoAxeViolations(page, 'recommendations with the floating bar');
  await bar.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
  await expect(page.getByText(/^Wegovy 0\.25 mg · £/)).toBeVisible();
});

test('without a consultation the page invites the patient to start one', async ({ page }) => {
  await page.goto('/n/weight-loss/recommendations');
  await expect(page.getByRole('heading', { level: 1, name: 'Your weight loss programme' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your consultation comes first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
  await expectNoAxeViolations(page, 'recommendations without a consultation');
});

test('erectile dysfunction: its own heading and guarantee, no dosage table, and a trial pack bought one-off', async ({ page }) => {
  await answerEdConsultation(page);
  await page.goto('/n/erectile-dysfunction/recommendations');
  await expect(page.getByRole('heading', { level: 1, name: 'Your erectile dysfunction treatment' })).toBeVisible();
  await expect(page.getByText(/guarantee covers sildenafil and tadalafil orders/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms apply' })).toHaveAttribute('href', '/pages/ed-money-back-guarantee');
  await expect(page.getByRole('table', { name: 'Your dosage per month' })).toHaveCount(0);
  await expect(page.getByText('Recommended', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/\/5$/).first()).toBeVisible();
  // The rating is the reviews platform's (its sandbox here), relayed by the shop's API, and says its figures are illustrative.
  await expect(page.getByText(/^from \d+ reviews \(illustrative figures of this demo shop, not real patients' reviews\)$/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'ED recommendations');

  await summary(page).getByRole('radio', { name: /Sildenafil/ }).check();
  await summary(page).getByRole('combobox', { name: 'Dose' }).selectOption({ label: '50 mg × 4 tablets (free trial)' });
  await expect(summary(page).getByRole('radio', { name: /One-off purchase/ })).toBeChecked();
  await expect(summary(page).getByRole('radio', { name: /Monthly subscription/ })).toHaveCount(0);
  await summary(page).getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/n\/erectile-dysfunction\/order$/);
  await expect(page.getByText(/^Sildenafil 50 mg trial · £/)).toBeVisible();
});

test("recurring-discount test: the 'gift' bucket sees £20 off months 2 and 3 of the dosage table", async ({ page }) => {
  await answerWeightLossConsultation(page);
  const pounds = async (row: number) => {
    const cell = page.getByRole('table', { name: 'Your dosage per month' }).getByRole('row').nth(row).getByRole('cell').nth(2);
    return Number((await cell.textContent())!.replace(/[£,]/g, ''));
  };
  await page.goto('/n/weight-loss/recommendations?experiment-recurring-discount=control');
  await expect(page.getByRole('table', { name: 'Your dosage per month' })).toBeVisible();
  const control = [await pounds(1), await pounds(2), await pounds(3), await pounds(4)];
  await expect(page.getByText('Includes our gift of £20 off your 2nd and 3rd months')).toHaveCount(0);

  await page.goto('/n/weight-loss/recommendations?experiment-recurring-discount=gift');
  const table = page.getByRole('table', { name: 'Your dosage per month' });
  await expect(table).toHaveAccessibleDescription('Includes our gift of £20 off your 2nd and 3rd months');
  expect([await pounds(1), await pounds(2), await pounds(3), await pounds(4)]).toEqual([control[0], control[1]! - 20, control[2]! - 20, control[3]]);
  await expectNoAxeViolations(page, 'recommendations, recurring-discount gift');
});
