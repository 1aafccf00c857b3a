import { expect, type Page } from '@playwright/test';
import { GP_CONSENT_WORDING } from '@elmwood/domain';

const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

async function closePopup(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Continue|Back to my tasks/ }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
}

async function uploadPhoto(page: Page, file: string) {
  await page.getByLabel('Choose a photo').setInputFiles(fixture(file));
  // The crop is ready (the ID photo opens at 1×, the full-length one on the whole photo, below 1×).
  await expect(page.getByRole('status', { name: /^Zoom \d/ })).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
}

/** The critical tasks that hold a weight-loss order before review: identity photo, GP details, full-length photo. */
export async function completeCriticalTasks(page: Page) {
  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await uploadPhoto(page, 'photo-id.png');
  await closePopup(page, 'Thank you for verifying your identity');

  await page.getByRole('link', { name: 'Tell us about your GP' }).click();
  await page.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }).check();
  await page.getByRole('button', { name: 'I consent, add my GP' }).click();
  // The practice from the NHS directory (the sandbox's list).
  await page.getByLabel('Practice name').fill('park surgery');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('option', { name: /^Park Surgery/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await closePopup(page, 'Thank you for your GP details');

  await page.getByRole('link', { name: 'Add a full-length photo' }).click();
  await uploadPhoto(page, 'full-length.jpg');
  await closePopup(page, 'We have your photo');
  // What is left is the video consultation, which the prescriber may replace by verifying another way.
  await expect(page.getByRole('link', { name: 'Book your video consultation' })).toBeVisible();
}
