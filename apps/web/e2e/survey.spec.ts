import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { completeCriticalTasks } from './support/critical-tasks';
import { placeWeightLossOrder } from './support/order';

const QUESTION = 'How did you hear about us?';

/** The analytics events the page sends, by name. */
function recordEvents(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/shop-api/analytics-events')) names.push((request.postDataJSON() as { eventName: string }).eventName);
  });
  return names;
}

// A whole order and its three tasks come first.
test.slow();

test('the acquisition survey: not while critical tasks are open, then once: drill-in, Other with its text, submit, never again', async ({ page }) => {
  const email = `survey-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email);
  const thankYou = `/n/weight-loss/order/complete/${encodeURIComponent(orderNumber)}`;
  const events = recordEvents(page);

  // This patient chose 'Continue on web' on the thank-you page's app offer (the other bucket: app-notifications.spec).
  await page.addInitScript(() => window.sessionStorage.setItem('continueOnWeb', 'true'));
  // The order waits on the patient's tasks: nothing stands between them.
  await page.goto(thankYou);
  await expect(page.getByRole('list', { name: 'Tasks to complete' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);

  await completeCriticalTasks(page);
  await page.goto(thankYou);
  const dialog = page.getByRole('dialog', { name: QUESTION });
  await expect(dialog).toBeVisible();
  await expect.poll(() => events).toContain('exit_poll.shown');
  const submit = dialog.getByRole('button', { name: 'SUBMIT' });
  await expect(submit).toBeDisabled();
  await expectNoAxeViolations(page, 'acquisition survey');

  // Social media drills in: the button reads DONE, enabled once a network is picked, and comes back.
  await dialog.getByRole('button', { name: /^Social media/ }).click();
  const done = dialog.getByRole('button', { name: 'DONE' });
  await expect(done).toBeDisabled();
  await expect(dialog.getByRole('heading', { name: 'Social media' })).toBeFocused();
  await dialog.getByRole('checkbox', { name: 'Instagram' }).check();
  await dialog.getByRole('checkbox', { name: 'TikTok' }).check();
  await expectNoAxeViolations(page, 'acquisition survey, social media');
  await expect(done).toBeEnabled();
  await done.click();
  await expect(dialog.getByRole('button', { name: /^Social media/ })).toContainText('Instagram, TikTok');
  await expect(submit).toBeEnabled();

  // 'Other' asks for more.
  await expect(dialog.getByLabel('Could you tell us more?')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Other' }).check();
  await dialog.getByLabel('Could you tell us more?').fill('A leaflet at my GP surgery');
  await expectNoAxeViolations(page, 'acquisition survey, other');
  await submit.click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you for your valuable feedback!');
  await expect.poll(() => events).toContain('exit_poll.submitted');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(events).not.toContain('exit_poll.skipped');

  // Never again: not in this browser, nor (the local flag gone) as the server remembers.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);
  await page.evaluate(() => window.localStorage.clear());
  const asked = page.waitForResponse((response) => response.url().endsWith('/shop-api/acquisition-survey') && response.request().method() === 'GET');
  await page.reload();
  expect(await (await asked).json()).toEqual({ done: true });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);
});
