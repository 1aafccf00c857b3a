import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { approveThroughApi, PRESCRIBER, staffPage } from './support/staff';

/** Presses Tab until `target` has focus (a keyboard user's way to a control); fails after `most` presses. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 8) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a patient logs an injection on the body map by keyboard and sees the next site, logs a severe symptom and sees what to do; the prescriber sees both in the review', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const email = `companion-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email, { firstName: 'Robin', lastName: 'Weekly' });
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });

  await page.goto('/account/injections');
  await expect(page.getByRole('heading', { level: 1, name: 'Your injections' })).toBeVisible({ timeout: 20_000 });
  const pens = page.getByRole('region', { name: 'Your pens' });
  await expect(pens).toContainText(/Your pen has 4 doses left; your next delivery comes on \d{1,2} \w+/);
  const form = page.getByRole('region', { name: 'Log an injection' });
  // The form itself is named by the card's heading.
  await expect(form.getByRole('form', { name: 'Log an injection' })).toBeVisible();
  const map = form.getByRole('group', { name: 'Where did you inject?' });
  await expect(map).toContainText('We suggest your tummy, left side this time');
  await expectNoAxeViolations(page, 'injection log');
  await page.screenshot({ path: test.info().outputPath('injections.png'), fullPage: true });

  // Keyboard only: into the body map's radio group, arrows to the suggested site, Tab to the button, Enter.
  const sites = map.getByRole('radio');
  await expect(sites).toHaveCount(6);
  await sites.first().focus();
  await page.keyboard.press('Space');
  await expect(map.getByRole('radio', { name: /Upper arm, right/ })).toBeChecked();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(map.getByRole('radio', { name: 'Tummy, left side (suggested)' })).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Log injection' }));
  await page.keyboard.press('Enter');

  await expect(form.getByRole('status')).toHaveText('Logged: 0.25 mg in your tummy, left side. Next time, inject in your tummy, right side.');
  await expect(pens).toContainText('Your pen has 3 doses left');
  await expect(pens).toContainText('Next time, inject in your tummy, right side.');
  await expect(page.getByRole('region', { name: 'Your injection log' })).toContainText('0.25 mg, tummy, left side');
  // The same choice as a list, with the next site suggested.
  await map.getByRole('button', { name: 'Choose from a list instead' }).click();
  await expect(map.getByRole('radio', { name: /Tummy, right side Suggested/ })).toBeVisible();
  await expectNoAxeViolations(page, 'injection logged, sites as a list');

  // A severe side effect with a warning sign: what to do now, at once.
  await page.goto('/account/side-effects');
  const diary = page.getByRole('region', { name: 'Add a side effect' });
  await expect(diary).toBeVisible({ timeout: 20_000 });
  await diary.getByRole('button', { name: 'Add to diary' }).click();
  await expect(diary.getByText('Please choose the side effect.')).toBeVisible();
  await diary.getByRole('radio', { name: 'Being sick (vomiting)' }).check();
  await diary.getByRole('radio', { name: /^Severe/ }).check();
  await diary.getByRole('checkbox', { name: 'Being sick so often that you cannot keep fluids down' }).check();
  await expectNoAxeViolations(page, 'side-effect diary form');
  await diary.getByRole('button', { name: 'Add to diary' }).click();
  const alert = diary.getByRole('alert');
  await expect(alert).toContainText('What to do now');
  await expect(alert).toContainText('Keep sipping water. Call NHS 111 or your GP today');
  await expect(alert.getByRole('link', { name: 'Call NHS 111' })).toHaveAttribute('href', 'tel:111');
  await expect(alert).toContainText('One of our prescribers will phone you on the number in your account by');
  await expect(alert.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
  await expect(page.getByRole('region', { name: 'Your diary' })).toContainText('Being sick (vomiting), severe');
  await expectNoAxeViolations(page, 'side-effect diary, urgent outcome');
  await page.screenshot({ path: test.info().outputPath('side-effect-urgent.png'), fullPage: true });

  // The prescriber reads both in the order's review.
  const prescriber = await staffPage(browser, PRESCRIBER);
  await prescriber.goto(`/clinic/orders/${orderNumber}`);
  const log = prescriber.getByRole('region', { name: 'Injection log' });
  await expect(log).toContainText('Tummy, left side', { timeout: 20_000 });
  await expect(log).toContainText('Wegovy 0.25 mg');
  const record = prescriber.getByRole('region', { name: 'Side-effect diary' });
  await expect(record).toContainText('Being sick (vomiting), severe');
  await expect(record).toContainText('Urgent: a prescriber contacts the patient');
  await expect(record).toContainText('Warning signs: Being sick so often that you cannot keep fluids down.');
  await expect(record).toContainText('Source:');
  await expectNoAxeViolations(prescriber, 'order review with the treatment record');
  await prescriber.screenshot({ path: test.info().outputPath('review-treatment-record.png'), fullPage: true });
  await prescriber.context().close();
});

test('the dose plan shows the dose now, the next step’s earliest date and its price per delivery', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const email = `dose-plan-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email, { firstName: 'Dana', lastName: 'Steps' });
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });
  const home = await (await page.request.get('/shop-api/account/home')).json();
  const subscriptionId: string = home.activeTreatments[0].subscriptionId;
  const plan = await (await page.request.get(`/shop-api/dose-plans/${subscriptionId}`)).json();
  const [year, month, day] = (plan.nextStep.earliestOn as string).split('-').map(Number) as [number, number, number];
  // '17 Jan. 2027', as the account writes dates.
  const earliest = `${day} ${['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'][month - 1]} ${year}`;

  await page.goto(`/account/plan/${subscriptionId}`);
  const dosePlan = page.getByRole('region', { name: 'Your dose plan' });
  await expect(dosePlan).toContainText(`Next step: Wegovy 0.5 mg, from your delivery on ${earliest} at the earliest, £169.00 a month.`, { timeout: 20_000 });
  const steps = dosePlan.getByRole('list', { name: 'Wegovy doses and prices' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.first()).toContainText('Wegovy 0.25 mg');
  await expect(steps.first()).toContainText('Your dose now, since');
  await expect(steps.first()).toContainText('£149.00 a month');
  await expect(steps.nth(4)).toContainText('Maintenance dose');
  await expect(steps.nth(4)).toContainText('£279.00 a month');
  await expect(dosePlan).toContainText('Your dose only goes up when your prescriber decides it should');
  await expectNoAxeViolations(page, 'plan page with the dose plan');
  await page.screenshot({ path: test.info().outputPath('dose-plan.png'), fullPage: true });
});
