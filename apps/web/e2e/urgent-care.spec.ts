import { expect, test } from '@playwright/test';
import { measurementAnswer, TASK_CODES } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { approveThroughApi, PRESCRIBER, staffPage } from './support/staff';

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('a check-in that stops the supply reaches the prescriber first in the console, who calls the patient and restarts the plan; the patient sees it running again', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(480_000);
  const { orderNumber } = await placeWeightLossOrder(page, `urgent-${Date.now()}-${test.info().project.name}@example.com`, { firstName: 'Robin', lastName: 'Urgent' });
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });
  const home = await (await page.request.get('/shop-api/account/home')).json();
  const subscriptionId: string = home.activeTreatments[0].subscriptionId;
  const plan = await (await page.request.get(`/shop-api/subscriptions/${subscriptionId}/plan`)).json();

  // Six days before the delivery the check-in round asks for the check-in; the patient answers severe stomach pain.
  const moved = await page.request.post('/dev/clock', { data: { at: `${plusDays(plan.nextDelivery, -6)}T12:30:00Z` } });
  expect(moved.status()).toBe(200);
  try {
    let taskId = '';
    await expect(async () => {
      const tasks: { id: string; taskDefinition: { code: string } }[] = await (await page.request.get('/shop-api/tasks')).json();
      taskId = tasks.find((task) => task.taskDefinition.code === TASK_CODES.weightLossCheckIn)?.id ?? '';
      expect(taskId).not.toBe('');
    }).toPass({ timeout: 60_000 });
    const answer = (body: object) => page.request.patch(`/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${taskId}`, { data: body });
    const bmi = measurementAnswer({ weightUnit: 'kg', heightUnit: 'cm', fields: { kg: '96', cm: '175' } });
    expect((await answer({ 'check-in-measurements': { ci_bmi: bmi } })).status()).toBe(200);
    expect((await answer({ 'check-in-side-effects': { ci_side_effects: ['severe_stomach_pain'] } })).status()).toBe(200);
    const last = await answer({ 'check-in-progress': { ci_getting_on: 'well', ci_pregnancy: 'no', ci_missed_doses: 'no' } });
    expect((await last.json()).flags.complete).toBe(true);

    // The plan is held.
    expect(await (await page.request.get(`/shop-api/subscriptions/${subscriptionId}/plan`)).json()).toMatchObject({ state: 'suspended', supplyStopped: true });
    await page.goto(`/account/plan/${subscriptionId}`);
    await expect(page.getByText(/Your plan is on hold after your check-in/)).toBeVisible({ timeout: 20_000 });

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
    await expect(why).toContainText('Severe or persistent abdominal pain');
    await expect(why).toContainText('Source: Wegovy SmPC 4.4');
    await expect(prescriber.getByRole('region', { name: 'Check-in answers' })).toContainText(/stomach/i);
    await expect(prescriber.getByRole('region', { name: 'Plans' })).toContainText('On hold after the check-in');
    await expectNoAxeViolations(prescriber, 'urgent item');

    await prescriber.getByRole('button', { name: 'Take this item' }).click();
    await expect(prescriber.getByRole('status').getByText('You own this item now.')).toBeVisible();
    const record = prescriber.getByRole('region', { name: 'Record what you did' });
    await record.getByLabel('Called the patient').check();
    await record.getByLabel('Note').fill('Pain settled after a day; no vomiting; advised to report any return at once.');
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(prescriber.getByRole('status').getByText('Recorded: Called the patient.')).toBeVisible();

    await record.getByLabel('Restarted the plan').check();
    await record.getByLabel('Restart at').selectOption({ label: '0.25 mg' });
    await record.getByLabel('Note').fill('Restart at 0.25 mg; review at the next check-in.');
    await record.getByRole('button', { name: 'Record' }).click();
    await expect(prescriber.getByRole('status').getByText('Recorded: Restarted the plan.')).toBeVisible();
    await expect(prescriber.getByRole('region', { name: 'What was done' })).toContainText('Restarted the plan');

    const close = prescriber.getByRole('region', { name: 'Close the item' });
    await close.getByLabel('Closing note').fill('Called and restarted at 0.25 mg.');
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

    // The patient's plan runs again, at the dose the prescriber chose.
    await page.goto(`/account/plan/${subscriptionId}`);
    await expect(page.getByRole('region', { name: 'Plan', exact: true })).toContainText('Wegovy 0.25 mg', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Manage your plan' }).getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByText(/Your plan is on hold after your check-in/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'plan restarted');
  } finally {
    await page.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
  }
});
