import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ADMIN, staffPage } from './support/staff';

// A message stuck in 'sending' needs a process to die mid-send, which a browser cannot cause: the list, its actions and
// their once-only rule are tested against the API (apps/api/src/modules/notifications/stuck.test.ts) and the page
// with its dialog in StuckMessagesRoute.test.tsx. Here: an admin reaches the page from the console's menu, and it is accessible.
test('an admin finds the stuck messages page in the console', async ({ browser }) => {
  test.setTimeout(120_000);
  const clinic = await staffPage(browser, ADMIN);
  await clinic.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Stuck messages' }).click();
  await expect(clinic).toHaveURL(/\/clinic\/messages$/);
  await expect(clinic.getByRole('heading', { level: 1, name: 'Stuck messages' })).toBeVisible();
  await expect(clinic.getByText('No stuck messages')).toBeVisible();
  await expectNoAxeViolations(clinic, 'clinic stuck messages');
  await clinic.context().close();
});
