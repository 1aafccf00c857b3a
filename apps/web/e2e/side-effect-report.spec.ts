import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PATIENT_PASSWORD } from './support/order';
import { registerPatient } from './support/patients';
import { PRESCRIBER, staffPage } from './support/staff';

test('a patient reports a severe side effect; the confirmation says when a prescriber will phone and links the Yellow Card scheme; the prescriber finds it in the urgent queue', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `side-effect-${Date.now()}-${test.info().project.name}@example.com`;
  await registerPatient(page.request, { firstName: 'Sam', lastName: 'Report', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });

  await page.goto('/account/support');
  const report = page.getByRole('region', { name: 'Report a side effect' });
  await expect(report).toBeVisible({ timeout: 20_000 });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Please choose how bad it is.')).toBeVisible();
  await report.getByRole('radio', { name: /^Severe/ }).check();
  await report.getByLabel('What happened?').fill('Since my last dose I have been sick all day and cannot keep water down.');
  await expectNoAxeViolations(page, 'side-effect report form');
  await page.screenshot({ path: test.info().outputPath('side-effect-form.png'), fullPage: true });
  await report.getByRole('button', { name: 'Send report' }).click();

  const done = report.getByRole('status');
  await expect(done).toContainText('One of our prescribers will phone you on the number in your account by');
  await expect(done.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
  await expect(page.getByRole('region', { name: 'Your messages' })).toContainText('Side effect report (severe)');
  await expectNoAxeViolations(page, 'side-effect report sent');
  await page.screenshot({ path: test.info().outputPath('side-effect-sent.png'), fullPage: true });

  const prescriber = await staffPage(browser, PRESCRIBER);
  const urgent = prescriber.getByRole('region', { name: 'Urgent: contact the patient' });
  await urgent.getByRole('link', { name: 'Sam Report' }).first().click();
  await expect(prescriber.getByRole('region', { name: 'Why' })).toContainText('Side effect reported as severe by the patient');
  await expect(prescriber.getByRole('region', { name: 'What the patient told us' })).toContainText('cannot keep water down');
  await expectNoAxeViolations(prescriber, 'urgent item from a side-effect report');
  await prescriber.context().close();
});
