import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffApiSignIn, NO_GP_CONSENT, verifyThroughApi } from './support/staff';

/** The prescriber approves the order through the clinic's API (the clinic console's own test drives its pages). */
async function approve(request: APIRequestContext, orderNumber: string) {
  await staffApiSignIn(request, PRESCRIBER);
  await verifyThroughApi(request, orderNumber);
  expect((await request.post(`/shop-api/clinic/orders/${orderNumber}/approve`, { data: NO_GP_CONSENT })).status()).toBe(200);
}

test('a patient sets up a WhatsApp reminder from the task, edits it to email on Tuesdays at 07:30, and it arrives when the clock reaches it', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const email = `reminders-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email);
  // The photos the clinician needs, sent as the upload page sends them; the order then waits for review.
  await sendCriticalPhotos(page);
  const staff = await playwright.request.newContext({ baseURL });
  try {
    await approve(staff, orderNumber);
  } finally {
    await staff.dispose();
  }

  // The approval brings the reminder task.
  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: 'Set up weight tracking reminders' }).click();
  await expect(page).toHaveURL(/\/account\/reminders\/setup\?taskId=/);
  await expect(page.getByText('Step 1 of 4: Why reminders help')).toBeVisible();
  await expectNoAxeViolations(page, 'reminder setup intro');
  await page.getByRole('button', { name: 'Get started' }).click();

  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('radio', { name: 'WhatsApp' }).check();
  await expectNoAxeViolations(page, 'reminder setup channel');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 3 of 4: When?')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Every week' })).toBeChecked();
  await expect(page.getByLabel('Hour')).toHaveValue('8');
  await expect(page.getByLabel('Minutes')).toHaveValue('0');
  for (const day of ['Monday', 'Thursday', 'Friday']) await expect(page.getByRole('checkbox', { name: day })).toBeChecked();
  await expectNoAxeViolations(page, 'reminder setup schedule');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('WhatsApp, every Monday, Thursday and Friday at 08:00 (UK time)')).toBeVisible();
  await page.getByRole('button', { name: 'Save reminder' }).click();
  const popup = page.getByRole('dialog', { name: 'Your reminder is set' });
  await expect(popup).toBeVisible();
  await expectNoAxeViolations(page, 'reminder set popup');
  await popup.getByRole('button', { name: /Continue|Back to my tasks/ }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
  await expect(page.getByRole('link', { name: 'Set up weight tracking reminders' })).toHaveCount(0);

  // The editor: email, Tuesdays only, 07:30.
  await page.goto('/account/reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Reminders on' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
  await expectNoAxeViolations(page, 'reminder editor');
  await page.getByRole('radio', { name: 'Email' }).check();
  for (const day of ['Monday', 'Thursday', 'Friday']) await page.getByRole('checkbox', { name: day }).uncheck();
  await expect(page.getByRole('alert')).toHaveText('Please select at least one day per week');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Tuesday' }).check();
  await page.getByLabel('Hour').selectOption('7');
  await page.getByLabel('Minutes').selectOption('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your reminder is saved.' })).toContainText(/The next one is on Tuesday.*07:30/);

  // The job's clock moves to the reminder's minute (a hook only test servers have); the email lands in the mailbox.
  const { nextReminderAt } = await (await page.request.get('/shop-api/account/reminders')).json();
  const moved = await page.request.post('/dev/clock', { data: { at: new Date(new Date(nextReminderAt).getTime() + 30_000).toISOString() } });
  expect(moved.status()).toBe(200);
  try {
    const reminder = page.locator('article').filter({ hasText: 'Time to log your weight' }).filter({ hasText: email });
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(reminder).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(reminder.getByRole('link', { name: /\/account\/progress$/ })).toBeVisible();
  } finally {
    await page.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
  }
});
