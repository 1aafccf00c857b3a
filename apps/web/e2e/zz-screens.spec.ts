import { expect, test, type Page } from '@playwright/test';
import { placeWeightLossOrder } from './support/order';
import { registerPatient } from './support/patients';
import { standInForPushService } from './support/push';

const OUT = '/tmp/pushexp/shots';
const name = (what: string) => `${OUT}/${what}-${test.info().project.name}.png`;

async function signUp(page: Page, prefix: string) {
  await registerPatient(page.request, { firstName: 'Robin', lastName: 'Field', email: `${prefix}-${Date.now()}-${test.info().project.name}@example.com`, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1982-04-09', agreeTermsAndPrivacy: true });
}

test('screens', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await standInForPushService(context);
  await signUp(page, 'shots');
  await page.goto('/account/reminders');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('radio', { name: 'App notification' }).check();
  const setup = page.getByRole('region', { name: 'App notifications on this device' });
  await expect(setup.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await setup.scrollIntoViewIfNeeded();
  await page.screenshot({ path: name('push-explained'), fullPage: true });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await setup.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(setup).toContainText('App notifications are on for this device.');
  await page.screenshot({ path: name('push-on'), fullPage: true });
  await page.goto('/account/details');
  await expect(page.getByRole('checkbox', { name: 'App notification' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'App notification' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: name('preferences') });

  await page.goto('/n/weight-loss/quiz/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Weight in kg').fill('96');
  await page.getByLabel('Height in cm').fill('178');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toBeVisible();
  await page.screenshot({ path: name('quiz-offline'), fullPage: true });
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toBeHidden();
});

test('screens denied', async ({ page, context }) => {
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await signUp(page, 'shots-denied');
  await page.goto('/account/reminders');
  await page.getByRole('radio', { name: 'App notification' }).check();
  await expect(page.getByText(/Notifications are blocked/)).toBeVisible();
  await page.screenshot({ path: name('push-denied'), fullPage: true });
});

test('screens thank-you', async ({ page }) => {
  test.setTimeout(120_000);
  const { orderNumber } = await placeWeightLossOrder(page, `shots-ty-${Date.now()}-${test.info().project.name}@example.com`);
  await page.goto(`/n/weight-loss/order/complete/${orderNumber}?experiment-critical-tasks-thank-you=app`);
  await expect(page.getByRole('button', { name: 'Continue on web' })).toBeVisible();
  await page.screenshot({ path: name('thank-you-app'), fullPage: true });
});
