import { expect, test } from '@playwright/test';
import { DEFAULT_RETENTION_PERIODS, deletionKeptText } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { PATIENT_PASSWORD } from './support/order';
import { staffPage, SUPPORT } from './support/staff';
import { registerPatient } from './support/patients';

/** Letters only (names are checked as names), different for each run and viewport. */
const uniqueName = () =>
  'Erase' +
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('a patient asks to delete their account, support confirms it in the console, and the patient can no longer sign in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `erase-${Date.now()}-${test.info().project.name}@example.com`;
  const lastName = uniqueName();
  const registered = await registerPatient(page.request, { firstName: 'Sam', lastName, email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1984-02-03', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);

  await page.goto('/account/details');
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByRole('button', { name: 'Ask us to delete my account' }).click();
  await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(deletion.getByRole('status')).toContainText('Our team will confirm by email within one month');

  // Support finds the request among the open ones, with the days left of the month the law allows.
  const clinic = await staffPage(browser, SUPPORT);
  await clinic.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Deletion requests' }).click();
  await expect(clinic.getByRole('heading', { level: 1, name: 'Deletion requests' })).toBeVisible();
  const row = clinic.getByRole('row').filter({ hasText: `Sam ${lastName}` });
  await expect(row).toContainText(/(30|31) days left/);
  await expectNoAxeViolations(clinic, 'clinic deletion requests');
  await row.getByRole('link', { name: `Sam ${lastName}` }).click();

  await expect(clinic.getByRole('heading', { level: 1, name: `Delete the account of Sam ${lastName}` })).toBeVisible();
  // The periods the test shop is configured with (the defaults), one paragraph per kind of record.
  const kept = clinic.getByRole('region', { name: 'What is kept' });
  for (const paragraph of deletionKeptText(DEFAULT_RETENTION_PERIODS).split('\n\n')) await expect(kept).toContainText(paragraph);
  await expect(clinic.getByRole('region', { name: 'What is removed' })).toContainText('your sign-in, saved addresses and cards');
  await expectNoAxeViolations(clinic, 'clinic deletion request');
  await clinic.getByRole('button', { name: 'Confirm deletion' }).click();
  const dialog = clinic.getByRole('dialog', { name: 'Delete this account?' });
  await expect(dialog).toContainText('They will no longer be able to sign in');
  await expectNoAxeViolations(clinic, 'confirm deletion dialog');
  await dialog.getByRole('button', { name: 'Delete the account' }).click();
  await expect(clinic.getByRole('status').filter({ hasText: 'The account has been deleted and the patient emailed.' })).toBeVisible();
  await expect(clinic.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(clinic.getByRole('button', { name: 'Confirm deletion' })).toHaveCount(0);
  await expectNoAxeViolations(clinic, 'clinic deletion confirmed');
  await clinic.goto('/clinic/deletion-requests');
  await expect(clinic.getByRole('heading', { level: 1, name: 'Deletion requests' })).toBeVisible();
  await expect(clinic.getByRole('link', { name: `Sam ${lastName}` })).toHaveCount(0);
  await clinic.context().close();

  // The patient's session has ended with the account, and their password no longer signs them in.
  await page.goto('/account/details');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert').filter({ hasText: 'You need to log in to view this page' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PATIENT_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is not right' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'login after deletion');
});
