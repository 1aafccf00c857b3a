import { expect, type Page } from '@playwright/test';

/**
 * On the booking page (/account/video-consultation): the first day offered, then its time number `slot` (the two
 * viewports' runs share one server and one demo prescriber, so each takes its own time), then 'Book this time'.
 * Answers the booked time's start as the page offered it.
 */
export async function bookVideoConsultation(page: Page, slot = 0): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Book your video consultation' })).toBeVisible();
  const days = page.getByRole('group', { name: 'Choose a day' }).getByRole('radio');
  const times = page.getByRole('group', { name: /^Choose a time on/ }).getByRole('radio');
  // Late in the day the first day may have too few times left: the next day then.
  for (let day = 0; ; day += 1) {
    await days.nth(day).check();
    await expect(times.first()).toBeVisible();
    if ((await times.count()) > slot) break;
  }
  const time = times.nth(slot);
  const start = (await time.getAttribute('value'))!;
  await time.check();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your video consultation' })).toBeVisible();
  return start;
}
