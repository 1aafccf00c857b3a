import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { approveThroughApi } from './support/staff';

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('moving the test clock to six days before a plan’s next delivery runs the hourly check-in round: the patient sees their check-in task', async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const { orderNumber } = await placeWeightLossOrder(page, `clock-check-in-${Date.now()}-${test.info().project.name}@example.com`);
  await sendCriticalPhotos(page);
  await approveThroughApi(playwright, baseURL, orderNumber, { dispatch: true });

  const home = await (await page.request.get('/shop-api/account/home')).json();
  const plan = await (await page.request.get(`/shop-api/subscriptions/${home.activeTreatments[0].subscriptionId}/plan`)).json();
  const tasks = page.getByRole('main');
  await page.goto('/account/health-actions');
  await expect(tasks.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tasks.getByText('Complete your check-in')).toHaveCount(0);
  await expectNoAxeViolations(page, 'tasks before the check-in is due');

  // Midday (UK time) six days before the delivery: the check-in round's hour has passed on the way there.
  const moved = await page.request.post('/dev/clock', { data: { at: `${plusDays(plan.nextDelivery, -6)}T12:30:00Z` } });
  expect(moved.status()).toBe(200);
  try {
    expect((await moved.json()).rounds).toContain('check-ins');
    await expect(async () => {
      await page.goto('/account/health-actions');
      await expect(tasks.getByText('Complete your check-in')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'tasks with the check-in');
  } finally {
    await page.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
  }
});
