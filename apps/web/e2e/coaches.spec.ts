import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffRequest, NO_GP_CONSENT, verifyThroughApi } from './support/staff';

/** A weight-loss order the prescriber approved: the approval brings the first coach call task. */
async function approvedWeightLossPatient(page: Page, email: string, staffContext: () => Promise<APIRequestContext>) {
  const { orderNumber } = await placeWeightLossOrder(page, email);
  await sendCriticalPhotos(page);
  const staff = await staffContext();
  try {
    await verifyThroughApi(staff, orderNumber);
    expect((await staff.post(`/shop-api/clinic/orders/${orderNumber}/approve`, { data: NO_GP_CONSENT })).status()).toBe(200);
  } finally {
    await staff.dispose();
  }
}

/**
 * Picks the second free day (at least tomorrow, so the call can still be moved: changes close 2 hours before) and its
 * first (or `index`th) time.
 */
async function bookFirstFreeTime(page: Page, index = 0) {
  await page.getByRole('group', { name: 'Choose a day' }).getByRole('radio').nth(1).check();
  const times = page.getByRole('group', { name: /^Choose a time on/ }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  const time = times.nth(Math.min(index, (await times.count()) - 1));
  await time.check();
  return (await time.locator('xpath=..').innerText()).trim();
}

test('a weight-loss patient chooses a coach from the task, books a call, sees it under appointments, moves it and cancels it', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  // The two projects share one server: each books a different coach, so neither takes the other's slot.
  const coach = project === 'mobile' ? { first: 'Tom', full: 'Tom Hughes' } : { first: 'Amara', full: 'Amara Okafor' };
  await approvedWeightLossPatient(page, `coaches-${Date.now()}-${project}@example.com`, () => staffRequest(playwright.request, baseURL, PRESCRIBER));

  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: 'Book your first coach call' }).click();
  await expect(page).toHaveURL(/\/account\/coaches\?taskId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: coach.full }) });
  await expect(card.getByRole('list', { name: 'Specialisms' }).getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(page, 'coach choice');

  await card.getByRole('button', { name: `View profile of ${coach.full}` }).click();
  const profile = page.getByRole('dialog', { name: coach.full });
  await expect(profile.getByRole('heading', { name: 'Qualifications' })).toBeVisible();
  await expect(profile.getByRole('heading', { name: 'How we will work' })).toBeVisible();
  await expectNoAxeViolations(page, 'coach profile');
  await profile.getByRole('button', { name: 'Close' }).click();
  await expect(profile).toBeHidden();

  await card.getByRole('button', { name: `Choose ${coach.first}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${coach.first} is your coach` })).toBeVisible();
  await expectNoAxeViolations(page, 'coach confirm');
  await page.getByRole('link', { name: 'Book your first call' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Book a call with ${coach.first}` })).toBeVisible();
  const firstTime = await bookFirstFreeTime(page);
  await expectNoAxeViolations(page, 'booking');
  await page.getByRole('button', { name: 'Book this call' }).click();
  const popup = page.getByRole('dialog', { name: 'Your coach call is booked' });
  await expect(popup).toBeVisible();
  await expectNoAxeViolations(page, 'coach call task popup');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your call' })).toContainText(`at ${firstTime} (UK time)`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('coach-call.ics');
  expect(readFileSync(await file.path(), 'utf8')).toContain('BEGIN:VEVENT');
  await expectNoAxeViolations(page, 'booking confirmation');

  await page.goto('/account/home');
  const onHome = page.getByRole('region', { name: 'Appointments' });
  await expect(onHome).toContainText(`Call with ${coach.full}`);
  await expect(onHome).toContainText(`at ${firstTime} (UK time)`);
  await onHome.getByRole('link', { name: 'View and change your appointments' }).click();
  await expect(page).toHaveURL(/\/account\/appointments$/);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(`Call with ${coach.full}`)).toBeVisible();
  await expect(upcoming).toContainText(`at ${firstTime} (UK time)`);
  await expectNoAxeViolations(page, 'appointments');

  await upcoming.getByRole('link', { name: /^Reschedule call on/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Move your call' })).toBeVisible();
  const newTime = await bookFirstFreeTime(page, 1);
  expect(newTime).not.toBe(firstTime);
  await expectNoAxeViolations(page, 'reschedule');
  await page.getByRole('button', { name: 'Book this call' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your call' })).toContainText(`at ${newTime} (UK time)`);

  await page.goto('/account/appointments');
  await expect(upcoming).toContainText(`at ${newTime} (UK time)`);
  await expect(page.getByRole('region', { name: 'Past' })).toContainText('Cancelled');
  await upcoming.getByRole('button', { name: /^Cancel call on/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this call?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'cancel confirmation');
  await confirm.getByRole('button', { name: 'Yes, cancel the call' }).click();
  await expect(confirm).toBeHidden();
  await expect(upcoming.getByRole('heading', { name: 'No upcoming calls' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Past' }).getByText('Cancelled')).toHaveCount(2);
});
