import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { registerPatient } from './support/patients';

const OFFLINE_MESSAGE = 'You are offline; we will send your changes when you are back online.';

async function signUpPatient(page: Page, prefix: string): Promise<void> {
  // The form and then the emailed code, as the checkout opens an account.
  await registerPatient(page.request, {
    firstName: 'Robin',
    lastName: 'Field',
    email: `${prefix}-${Date.now()}-${test.info().project.name}@example.com`,
    plainPassword: 'long enough pw',
    phoneNumber: '07700900123',
    birthday: '1982-04-09',
    agreeTermsAndPrivacy: true,
  });
}

/** Waits until the app's service worker is active and controls the page; the address of its script. */
async function controlledByServiceWorker(page: Page): Promise<string> {
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return script;
}

test('the manifest describes an installable app, and the account registers the service worker while entry pages stay rendered by the server', async ({ page, browser }) => {
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const app = await manifest.json();
  expect(app).toMatchObject({ name: 'Elmwood Health', display: 'standalone', start_url: '/account/home', scope: '/', theme_color: '#1f5c4a' });
  expect(app.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual(['Log weight', 'My tasks']);
  for (const purpose of ['any', 'maskable']) {
    const sizes = app.icons.filter((icon: { purpose: string }) => icon.purpose === purpose).map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(['192x192', '512x512']);
  }
  for (const icon of app.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

  // An entry page names the manifest but registers no worker: its scripts are what they were.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);

  await signUpPatient(page, 'installable');
  await page.goto('/account/home');
  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);

  // Under the worker, the home page and a quiz step still come rendered by the server (docs/decisions/0005).
  for (const path of ['/', '/n/weight-loss/quiz/1']) {
    const reply = await page.goto(path);
    expect(await reply!.text()).toMatch(/<div id="root"><[a-z]/);
  }

  // A new visitor's context has no worker until the account area registers it.
  const visitor = await browser.newPage();
  await visitor.goto('/products/wegovy');
  await visitor.waitForLoadState('networkidle');
  expect(await visitor.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
  await visitor.close();
});

test('offline, the account opens with what it last saw, and a weight logged offline reaches the clinic once when the connection returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpPatient(page, 'offline');
  await page.goto('/account/home');
  await controlledByServiceWorker(page);
  // Seen once online under the worker: the account home and the progress page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Robin');
  await page.goto('/account/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
  await expect(page.getByText('No weights yet')).toBeVisible();

  await context.setOffline(true);
  await page.goto('/account/home');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Robin');
  await expectNoAxeViolations(page, 'account home offline');

  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Progress' }).click();
  await page.getByRole('button', { name: 'Log your weight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log your weight' });
  await dialog.getByLabel('Weight in kg').fill('81.5');
  await dialog.getByLabel('Height in cm').fill('172');
  await dialog.getByRole('button', { name: 'Save weight' }).click();
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting).toContainText('Weight of 81.5 kg');
  await expectNoAxeViolations(page, 'progress offline with a weight waiting');

  // Back online: sent by itself, in order, and stored once.
  const sent = page.waitForResponse((reply) => reply.url().endsWith('/shop-api/weight-logs') && reply.request().method() === 'POST');
  await context.setOffline(false);
  expect((await sent).status()).toBe(201);
  await expect(waiting).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeHidden();
  await expect(page.getByText('No weights yet')).toBeHidden();
  const logs = await (await page.request.get('/shop-api/weight-logs')).json();
  expect(logs.points.map((point: { weightKg: number }) => point.weightKg)).toEqual([81.5]);
  await page.reload();
  expect((await (await page.request.get('/shop-api/weight-logs')).json()).points).toHaveLength(1);

  // Logging out forgets the account's data on this device: the last-seen replies and the outbox.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate(async () => ({ replies: await caches.has('account-data'), outbox: (await indexedDB.databases()).some((db) => db.name === 'elmwood-outbox') })))
    .toEqual({ replies: false, outbox: false });
});

test('the account home offers the app until it is first opened installed, and the install page passes axe', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpPatient(page, 'get-app');
  await page.goto('/account/home');
  const banner = page.getByRole('region', { name: 'Get the app' });
  await expect(banner).toBeVisible();
  await expect(banner).not.toContainText('%');
  if (test.info().project.name === 'desktop') {
    // A computer has no install prompt here: the QR code opens the install page on a phone.
    await expect(banner.getByRole('img', { name: 'QR code that opens the app’s install page on your phone' })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'account home with the get-app banner');

  await page.goto('/account/get-the-app');
  await expect(page.getByRole('heading', { level: 1, name: 'Get the Elmwood Health app' })).toBeVisible();
  await expectNoAxeViolations(page, 'install page');

  // The first launch from the home screen (display-mode: standalone) records the first app open date.
  const app = await context.newPage();
  // This Chromium ignores display-mode in CDP's emulated media features, so the page's own query answers as the app's.
  await app.addInitScript(() => {
    const query = window.matchMedia.bind(window);
    window.matchMedia = (media: string) => {
      const list = query(media);
      if (media.includes('display-mode: standalone')) Object.defineProperty(list, 'matches', { value: true });
      return list;
    };
  });
  const recorded = app.waitForResponse((reply) => reply.url().endsWith('/shop-api/me/app-opened'));
  await app.goto('/account/home');
  expect((await recorded).status()).toBe(200);
  await expect(app.getByRole('heading', { level: 1 })).toContainText('Robin');
  await expect(app.getByRole('region', { name: 'Get the app' })).toHaveCount(0);
  await app.close();

  // Back in the browser, the banner reads the date and stays hidden.
  const read = page.waitForResponse((reply) => reply.url().endsWith('/shop-api/me/app'));
  await page.goto('/account/home');
  expect((await (await read).json()).firstAppOpenAt).not.toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Robin');
  await expect(page.getByRole('region', { name: 'Get the app' })).toHaveCount(0);
});

test('a consultation step answered offline in the app waits on the device, then reaches the clinic once when the connection returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpPatient(page, 'offline-answers');
  await page.goto('/account/home');
  await controlledByServiceWorker(page);
  await page.goto('/n/weight-loss/quiz/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();

  const sends: { key: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/shop-api/medical-history-for-groups-by-slug/weight-loss')) sends.push({ key: request.headers()['idempotency-key'] });
  });
  await context.setOffline(true);
  await page.getByLabel('Weight in kg').fill('96');
  await page.getByLabel('Height in cm').fill('178');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The browser's own evaluation moves the patient on; the step waits on the device, and the page says so.
  await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/2$/);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting to send' });
  await expect(waiting).toContainText('Answers to ‘Height and weight’');
  await expectNoAxeViolations(page, 'consultation offline with a step waiting');

  const sent = page.waitForResponse((reply) => reply.request().method() === 'PATCH' && reply.url().includes('/shop-api/medical-history-for-groups-by-slug/weight-loss'));
  await context.setOffline(false);
  expect((await sent).status()).toBe(200);
  await expect(waiting).toBeHidden();
  const saved = await (await page.request.get('/shop-api/medical-history-by-slug/weight-loss')).json();
  expect(saved.answers.wl_bmi).toMatchObject({ weight: [expect.objectContaining({ value: 96 })], height: [expect.objectContaining({ value: 178 })] });
  await page.waitForTimeout(1000);
  expect(sends).toHaveLength(1);
  expect(sends[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
});
