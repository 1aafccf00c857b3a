import { expect, test, type Page } from '@playwright/test';
import { bucketFor, RECURRING_DISCOUNT_EXPERIMENT } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { answerWeightLossConsultation } from './support/consultation';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** Console errors and uncaught exceptions, hydration mismatches among them (React reports those as errors). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 4xx the app expects (no consultation yet, signed out) is the network's report, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/** Holds back the app's script, as a slow phone network would, until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('a consultation step before the app has started', () => {
  test('answers and continues as a plain form, the server keeping the answers', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/n/weight-loss/quiz/1');
    await expect(page.getByText('1 of 9')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
    await page.getByLabel('Weight in kg').fill('100');
    await page.getByLabel('Height in cm').fill('175');
    await continueButton(page).click();

    await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
    await expect(page.getByText('2 of 9')).toBeVisible();
    // A step that cannot go yet comes back with the message the app shows.
    await continueButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'What is your date of birth?' }).fill('12/04/1985');
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();

    // The answers are the server's: the first step opens with them.
    await page.goto('/n/weight-loss/quiz/1');
    await expect(page.getByLabel('Weight in kg')).toHaveValue('100');
    await expect(page.getByLabel('Height in cm')).toHaveValue('175');
    await context.close();
  });

  test('is accessible as the server sends it', async ({ browser }) => {
    // axe needs script in the page: this context runs it, but never gets the app's own code.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/n/weight-loss/quiz/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expectNoAxeViolations(page, 'quiz step 1 before the app starts');
    await context.close();
  });

  test('once the app has started, the same page answers and continues without leaving it', async ({ page }) => {
    const errors = consoleErrors(page);
    const formPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/n/weight-loss/quiz/')) formPosts.push(request.url());
    });
    await page.goto('/n/weight-loss/quiz/1');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Height and weight' })).toBeVisible();
    await continueButton(page).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await page.getByLabel('Weight in kg').fill('100');
    await page.getByLabel('Height in cm').fill('175');
    await expect(page.getByText('Your BMI is 32.7')).toBeVisible();
    await expectNoAxeViolations(page, 'quiz step 1 hydrated');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/shop-api/medical-history-for-groups-by-slug/weight-loss'));
    await continueButton(page).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Date of birth' })).toBeVisible();
    expect(formPosts).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('answers kept only in this browser join the server-rendered step once it has hydrated, without a mismatch', async ({ page }) => {
  const errors = consoleErrors(page);
  // A browser whose quiz session the server does not know (cookies cleared), with the answers it kept itself.
  await page.addInitScript(() => {
    window.localStorage.setItem('quizAnswers:weight-loss', JSON.stringify({ wl_dob: '1985-04-12' }));
    window.localStorage.setItem('preferredUnit', 'st-lbs');
  });
  await page.goto('/n/weight-loss/quiz/2');
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'What is your date of birth?' })).toHaveValue('12/04/1985');
  await page.goto('/n/weight-loss/quiz/1');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Weight in stone')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reload of the rejection screen, whose code is its own chunk, hydrates the server’s copy without a mismatch and still leads back', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/n/weight-loss/quiz/1');
  await hydrated(page);
  await page.getByLabel('Weight in kg').fill('55');
  await page.getByLabel('Height in cm').fill('175');
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'No recommended treatment' })).toBeVisible();
  const response = await page.reload();
  expect(await response!.text()).toMatch(/<div id="root">.*<h1[^>]*>No recommended treatment<\/h1>/s);
  await hydrated(page);
  const review = page.getByRole('button', { name: 'REVIEW YOUR ANSWERS' });
  await page.getByRole('checkbox', { name: 'I agree only to provide accurate responses' }).check();
  await expect(review).toBeEnabled();
  await review.click();
  await expect(page).toHaveURL(/\/n\/weight-loss\/quiz\/1$/);
  await expect(page.getByLabel('Weight in kg')).toHaveValue('55');
  expect(errors).toEqual([]);
});

test.describe('entry pages rendered on the server', () => {
  test('a product page arrives with its heading and the data it was rendered with', async ({ request }) => {
    const response = await request.get('/products/wegovy', { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    const html = await response.text();
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>Wegovy<\/h1>/s);
    const data = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(data).toBeDefined();
    const { queries } = JSON.parse(data!) as { queries: { queries: { state: { data: unknown } }[] } };
    expect(queries.queries.some((query) => JSON.stringify(query.state.data).includes('"slug":"wegovy"'))).toBe(true);
  });

  for (const path of ['/', '/products/wegovy', '/n/weight-loss/quiz/1', '/n/weight-loss/recommendations', '/n/weight-loss/order']) {
    test(`${path} hydrates the server's HTML without a mismatch`, async ({ page }) => {
      const errors = consoleErrors(page);
      const response = await page.goto(path);
      expect(await response!.text()).toContain('id="ssr-data"');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('what a patient does before the app has started', () => {
  test('a weight and height typed into the server’s page are the ones the running page reckons with', async ({ page }) => {
    const errors = consoleErrors(page);
    const release = await holdAppScript(page);
    await page.goto('/n/weight-loss/quiz/1');
    await page.getByLabel('Weight in kg').fill('55');
    await page.getByLabel('Height in cm').fill('175');
    release();
    await hydrated(page);
    await expect(page.getByText('Your BMI is 18.0')).toBeVisible();
    await expect(page.getByLabel('Weight in kg')).toHaveValue('55');
    expect(errors).toEqual([]);
  });

  test('a visitor of the gift bucket gets their plan, chosen before the app ran, and their gift, with no mismatch', async ({ page }) => {
    const errors = consoleErrors(page);
    const giftVisitor = Array.from({ length: 50 }, (_, index) => `visitor-${index}`).find((id) => bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === 'gift')!;
    await page.addInitScript((id) => window.localStorage.setItem('anonymousId', id), giftVisitor);
    await answerWeightLossConsultation(page);
    const release = await holdAppScript(page);
    await page.goto('/n/weight-loss/recommendations');
    const treatment = page.getByRole('region', { name: 'Choose your treatment' });
    const quarterly = treatment.getByRole('radio', { name: /Quarterly subscription/ });
    await quarterly.check();
    release();
    await hydrated(page);
    await expect(page.getByRole('table', { name: 'Your dosage per month' })).toHaveAccessibleDescription('Includes our gift of £20 off your 2nd and 3rd months');
    await expect(quarterly).toBeChecked();
    const quarterlyPrice = /(£[\d,]+\.\d\d) every 3 months/.exec(await treatment.locator('label', { has: page.getByRole('radio', { name: /Quarterly subscription/ }) }).innerText())![1];
    await treatment.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/n\/weight-loss\/order$/);
    await expect(page.getByText(`Wegovy 0.25 mg · ${quarterlyPrice}`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a patient who opens their checkout again sees their own basket before the app starts, and goes on once it runs', async ({ page }) => {
    const errors = consoleErrors(page);
    await answerWeightLossConsultation(page);
    await page.goto('/n/weight-loss/recommendations');
    await page.getByRole('region', { name: 'Choose your treatment' }).getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    const release = await holdAppScript(page);
    await page.reload();
    // The server's page: the basket and the open step, not a loading frame and never "empty".
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText(/Wegovy 0\.25 mg · £[\d,]+\.\d\d/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByText('Your basket is empty')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Already have an account? Log in' }).click();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByText('Your basket is empty')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a visitor with no basket is told so by the server, with the way to start', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/n/weight-loss/order');
    await expect(page.getByRole('heading', { level: 1, name: 'Your basket is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See treatments' })).toHaveAttribute('href', '/');
    await context.close();
  });
});
