import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder } from './support/order';
import { registerPatient } from './support/patients';
import { deliverPush, standInForPushService } from './support/push';

const EXPLANATION = /We will send a notification to this device at your reminder time\. It says only “Time to log your weight”/;

async function signUpPatient(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${test.info().project.name}@example.com`;
  await registerPatient(page.request, { firstName: 'Robin', lastName: 'Field', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1982-04-09', agreeTermsAndPrivacy: true });
  return email;
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('a patient turns app notifications on for their reminder after the explanation; the reminder reaches the device once and shows without health detail', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await standInForPushService(context);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signUpPatient(page, 'push');
  await page.goto('/account/reminders');
  await controlledByServiceWorker(page);

  await page.getByRole('radio', { name: 'App notification' }).check();
  const setup = page.getByRole('region', { name: 'App notifications on this device' });
  await expect(setup).toContainText(EXPLANATION);
  // Nothing is asked of the browser until the patient taps.
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  expect((await (await page.request.get('/shop-api/account/push')).json()).devices).toEqual([]);
  await expectNoAxeViolations(page, 'reminder editor, app notifications explained');

  await setup.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(setup).toContainText('App notifications are on for this device.');
  const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())!.endpoint);
  const push = await (await page.request.get('/shop-api/account/push')).json();
  expect(push.devices.map((device: { endpoint: string }) => device.endpoint)).toEqual([endpoint]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your reminder is saved.' })).toBeVisible();
  await expectNoAxeViolations(page, 'reminder editor, app notifications on');

  // The reminder's minute: the shop's sandbox push service takes the encrypted, signed message once.
  const { nextReminderAt } = await (await page.request.get('/shop-api/account/reminders')).json();
  const moved = await page.request.post('/dev/clock', { data: { at: new Date(new Date(nextReminderAt).getTime() + 30_000).toISOString() } });
  expect(moved.status()).toBe(200);
  let payload = '';
  try {
    await expect(async () => {
      const mailbox = await (await page.request.get('/dev/mailbox')).text();
      const section = mailbox.slice(mailbox.indexOf('<h2 id="push">'));
      const taken = section.split('<article>').filter((item) => item.includes(`To ${endpoint}`));
      expect(taken).toHaveLength(1);
      payload = taken[0]!.match(/<pre>([\s\S]*?)<\/pre>/)![1]!.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&#38;/g, '&');
    }).toPass({ timeout: 30_000 });
  } finally {
    await page.request.post('/dev/clock', { data: { at: new Date().toISOString() } });
  }
  const message = JSON.parse(payload);
  expect(message).toMatchObject({ title: 'Time to log your weight', body: 'A quick weigh-in keeps your progress on track.', url: '/account/progress?log=weight' });

  // The device's service worker shows it: the shop's words, and the page a tap opens.
  await deliverPush(page, payload);
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({ title: shown.title, body: shown.body, tag: shown.tag, data: shown.data }))))
    .toEqual([{ title: 'Time to log your weight', body: 'A quick weigh-in keeps your progress on track.', tag: message.tag, data: { url: '/account/progress?log=weight' } }]);

  // Turned off on this device: gone from the shop and the browser.
  await setup.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(setup.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  expect((await (await page.request.get('/shop-api/account/push')).json()).devices).toEqual([]);
});

test('a patient who blocks notifications is told how to allow them, and the browser is not asked again by itself', async ({ page, context }) => {
  test.setTimeout(90_000);
  await standInForPushService(context);
  // The patient answers the browser's prompt with Block.
  await context.addInitScript(() => {
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => {
      (window as unknown as { asked: number }).asked = ((window as unknown as { asked?: number }).asked ?? 0) + 1;
      permission = 'denied';
      return permission;
    };
  });
  await signUpPatient(page, 'push-denied');
  await page.goto('/account/reminders');
  await controlledByServiceWorker(page);
  await page.getByRole('radio', { name: 'App notification' }).check();
  const setup = page.getByRole('region', { name: 'App notifications on this device' });
  await setup.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(setup.getByRole('alert')).toHaveText(/Notifications are blocked for this site in your browser\. To get reminders on this device, allow notifications/);
  await expect(setup.getByRole('button', { name: 'Turn on notifications' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'reminder editor, notifications blocked');
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
  // Saving with nothing to send to says what to do instead.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Turn on app notifications on this device first, or choose email, SMS or WhatsApp.')).toBeVisible();
  expect((await (await page.request.get('/shop-api/account/push')).json()).devices).toEqual([]);
});

test('the thank-you page’s app variant offers the app with three steps, and Continue on web is remembered for the session', async ({ page }) => {
  test.setTimeout(90_000);
  const { orderNumber } = await placeWeightLossOrder(page, `app-thank-you-${Date.now()}-${test.info().project.name}@example.com`);
  await page.goto(`/n/weight-loss/order/complete/${orderNumber}?experiment-critical-tasks-thank-you=app`);
  const variant = page.getByRole('region', { name: /Finish in the Elmwood Health app/ });
  await expect(variant.getByRole('list', { name: 'Steps to finish in the app' }).getByRole('listitem')).toHaveText([/Complete assessment$/, /Verify your identity$/, /Add a full-length photo$/]);
  // The clock project runs this too: the viewport, not the project's name, says which it is.
  if (!test.info().project.use.isMobile) await expect(variant.getByRole('img', { name: 'QR code that opens the app’s install page on your phone' })).toBeVisible();
  else await expect(variant.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/account/get-the-app');
  await expect(page.getByRole('list', { name: 'Tasks to complete' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'thank-you page, app variant');

  await variant.getByRole('button', { name: 'Continue on web' }).click();
  await expect(page.getByRole('list', { name: 'Tasks to complete' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Tasks to complete' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue on web' })).toHaveCount(0);
});
