import { expect, test } from '@playwright/test';
import { TASK_CODES } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { answerWeightLossConsultation } from './support/consultation';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { approveThroughApi, PRESCRIBER, staffPage } from './support/staff';

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a check-in answering right upper pain holds the plan and reaches the prescriber first in the console, who calls the patient and restarts the plan at a lower dose; the patient sees the new dose', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(480_000);
  // A continuing patient on Wegovy 0.5 mg, so the prescriber can restart one step lower.
  await answerWeightLossConsultation(page);
  const continuing = await page.request.patch('/shop-api/medical-history-for-groups-by-slug/weight-loss?allowRecommendations=1', {
    data: { 'current-treatment': { wl_current_injection: 'WEGOVY|||WEGOVY-0-5MG', wl_last_dose_date: plusDays(new Date().toISOString().slice(0, 10), -6) } },
  });
  expect(continuing.status()).toBe(200);
  const { orderNumber } = await placeWeightLossOrder(page, `urgent-${Date.now()}-${test.info().project.name}@example.com`, { consult: false, firstName: 'Robin', lastName: 'Urgent', variantCode: 'WEGOVY-0-5MG' });
  await sendCriticalPhotos(page, { prescription: true });
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });
  const home = await (await page.request.get('/shop-api/account/home')).json();
  const subscriptionId: string = home.activeTreatments[0].subscriptionId;
  const plan = await (await page.request.get(`/shop-api/subscriptions/${subscriptionId}/plan`)).json();
  expect(plan.dose.current).toBe('0.5 mg');

  // Six days before the delivery the check-in round asks for the check-in; the patient answers it in the account.
  const moved = await page.request.post('/dev/clock', { data: { at: `${plusDays(plan.nextDelivery, -6)}T12:30:00Z` } });
  expect(moved.status()).toBe(200);
  try {
    let taskId = '';
    await expect(async () => {
      const tasks: { id: string; taskDefinition: { code: string } }[] = await (await page.request.get('/shop-api/tasks')).json();
      taskId = tasks.find((task) => task.taskDefinition.code === TASK_CODES.weightLossCheckIn)?.id ?? '';
      expect(taskId).not.toBe('');
    }).toPass({ timeout: 60_000 });
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await page.goto(`/account/n/weight-loss-check-in/quiz/1?taskId=${taskId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your weight today' })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Weight in kg').fill('96');
    await page.getByLabel('Height in cm').fill('175');
    await expectNoAxeViolations(page, 'check-in: weight');
    await continueButton.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Side effects' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Pain in the upper right side of your tummy' }).check();
    await expectNoAxeViolations(page, 'check-in: side effects');
    await continueButton.click();

    await expect(page.getByRole('heading', { level: 1, name: 'How you are getting on' })).toBeVisible();
    const group = (name: string) => page.getByRole('group', { name });
    await group('How are you getting on with your treatment?').getByRole('radio', { name: 'Well, I am happy with my progress' }).check();
    // Contraception is asked of those who could become pregnant (answered 'No'), and not of anyone else.
    const contraception = group('Which contraception are you using?');
    await group('Are you pregnant, or planning a pregnancy?').getByRole('radio', { name: 'No', exact: true }).check();
    await expect(contraception.getByRole('checkbox', { name: 'I am not using contraception' })).toBeVisible();
    await expectNoAxeViolations(page, 'check-in: contraception asked');
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await contraception.screenshot({ path: test.info().outputPath('check-in-contraception-390.png') });
    if (wide) await page.setViewportSize(wide);
    await group('Are you pregnant, or planning a pregnancy?').getByRole('radio', { name: 'Not applicable to me' }).check();
    await expect(contraception).toHaveCount(0);
    await group('Are you breastfeeding?').getByRole('radio', { name: 'Not applicable to me' }).check();
    await group('Have you started any of these medicines since your last delivery?').getByRole('checkbox', { name: 'None of these' }).check();
    await page.getByRole('textbox', { name: 'How many doses have you missed since your last delivery?' }).fill('0');
    await expectNoAxeViolations(page, 'check-in: how you are getting on');
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('check-in-390.png'), fullPage: true });
    if (desktop) await page.setViewportSize(desktop);
    await continueButton.click();

    // The outcome: what to do now, and the Yellow Card scheme.
    const outcome = page.getByRole('dialog', { name: 'We have paused your next delivery' });
    await expect(outcome).toContainText('gallbladder', { timeout: 20_000 });
    await expect(outcome.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
    await expectNoAxeViolations(page, 'check-in outcome');
    await page.screenshot({ path: test.info().outputPath('check-in-outcome.png'), fullPage: true });

    // The plan is held.
    expect(await (await page.request.get(`/shop-api/subscriptions/${subscriptionId}/plan`)).json()).toMatchObject({ state: 'suspended', supplyStopped: true });
    await page.goto(`/account/plan/${subscriptionId}`);
    await expect(page.getByText(/Your plan is on hold after your check-in/)).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'plan on hold');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('plan-on-hold-390.png'), fullPage: true });

    // The prescriber sees the urgent item above the review queue, and opens it.
    const prescriber = await staffPage(browser, PRESCRIBER);
    const urgent = prescriber.getByRole('region', { name: 'Urgent: contact the patient' });
    await expect(urgent).toBeVisible();
    const queues = prescriber.getByRole('main');
    const first = queues.getByRole('region').first();
    await expect(first).toHaveAccessibleName('Urgent: contact the patient');
    await expect(urgent.getByRole('link', { name: 'Robin Urgent' }).first()).toBeVisible();
    await expectNoAxeViolations(prescriber, 'reviews with the urgent queue');
    await prescriber.screenshot({ path: test.info().outputPath('urgent-queue.png'), fullPage: true });
    await urgent.getByRole('link', { name: 'Robin Urgent' }).first().click();

    await expect(prescriber.getByRole('heading', { level: 1, name: 'Urgent: Robin Urgent' })).toBeVisible();
    const why = prescriber.getByRole('region', { name: 'Why' });
    await expect(why).toContainText('Right upper abdominal pain or yellow skin or eyes');
    await expect(why).toContainText('Source: Mounjaro SmPC 4.4 (acute gallbladder disease)');
    const answers = prescriber.getByRole('region', { name: 'What the patient told us' });
    await expect(answers).toContainText('Pain in the upper right side of your tummy');
    await expect(answers).toContainText('Not applicable to me');
    await expect(prescriber.getByRole('region', { name: 'Plans' })).toContainText('On hold after the check-in');
    await expectNoAxeViolations(prescriber, 'urgent item');

    await prescriber.getByRole('button', { name: 'Take this item' }).click();
    await expect(prescriber.getByRole('status').getByText('You own this item now.')).toBeVisible();
    const record = prescriber.getByRole('region', { name: 'Record what you did' });
    await record.getByLabel('Called the patient').check();
    await record.getByLabel('Note').fill('Pain settled after a day; no jaundice or fever; advised to report any return at once.');
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(prescriber.getByRole('status').getByText('Recorded: Called the patient.')).toBeVisible();

    await record.getByLabel('Restarted the plan').check();
    await record.getByLabel('Restart at').selectOption({ label: '0.25 mg' });
    await record.getByLabel('Note').fill('Restart at 0.25 mg; review at the next check-in.');
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(prescriber.getByRole('status').getByText('Recorded: Restarted the plan.')).toBeVisible();
    await expect(prescriber.getByRole('region', { name: 'What was done' })).toContainText('Restarted the plan');

    const close = prescriber.getByRole('region', { name: 'Close the item' });
    await close.getByLabel('Closing note').fill('Called and restarted one step lower, at 0.25 mg.');
    await close.getByRole('button', { name: 'Close item' }).click();
    await expect(prescriber.getByRole('status').getByText('The item is closed.')).toBeVisible();
    await expectNoAxeViolations(prescriber, 'closed urgent item');
    await prescriber.screenshot({ path: test.info().outputPath('urgent-item-closed.png'), fullPage: true });
    await prescriber.setViewportSize({ width: 390, height: 844 });
    await prescriber.screenshot({ path: test.info().outputPath('urgent-item-closed-390.png'), fullPage: true });
    await prescriber.goto('/clinic/reviews');
    await expect(prescriber.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await prescriber.screenshot({ path: test.info().outputPath('reviews-390.png'), fullPage: true });
    await prescriber.context().close();

    // The patient's plan runs again, at the lower dose the prescriber chose.
    await page.goto(`/account/plan/${subscriptionId}`);
    await expect(page.getByRole('region', { name: 'Deliveries and payments' })).toContainText('0.25 mg from your next delivery (now 0.5 mg)', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Manage your plan' }).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByText(/Your plan is on hold after your check-in/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'plan restarted');
    await page.screenshot({ path: test.info().outputPath('plan-restarted-390.png'), fullPage: true });
  } finally {
    await page.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
  }
});
