import { expect, test, type Page } from '@playwright/test';
import { GP_CONSENT_WORDING } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { PATIENT_PASSWORD } from './support/order';
import { expectNoSidewaysScroll, PHONE_VIEWPORT } from './support/phone';
import { registerPatient } from './support/patients';

test.use({ viewport: PHONE_VIEWPORT });

async function signUpPatient(page: Page, name: string) {
  const registered = await registerPatient(page.request, {
      firstName: 'Sam',
      lastName: 'Lowe',
      email: `${name}-${Date.now()}-${test.info().project.name}@example.com`,
      plainPassword: PATIENT_PASSWORD,
      phoneNumber: '07700900123',
      birthday: '1980-05-05',
      agreeTermsAndPrivacy: true,
    });
  expect(registered.status()).toBe(201);
}

async function checkPage(page: Page, context: string) {
  await expectNoAxeViolations(page, context);
  await expectNoSidewaysScroll(page, context);
}

test('on a phone, a patient finds their GP practice in the NHS directory and chooses it with the arrow keys', async ({ page }) => {
  await signUpPatient(page, 'gp-search');
  await page.goto('/account/gp-information');
  await page.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }).check();
  await page.getByRole('button', { name: 'I consent, add my GP' }).click();
  await expect(page.getByText('Step 2 of 3: Your GP practice')).toBeVisible();
  await checkPage(page, 'GP practice search');

  const name = page.getByLabel('Practice name');
  await name.fill('pa');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(name).toHaveAccessibleDescription(/Enter at least 3 letters of your practice's name/);

  // The directory does not answer: the patient is told, and can still type the practice.
  await name.fill('outage');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText("We could not search the NHS directory just now. Please try again, or enter your practice's details yourself.")).toBeVisible();

  await name.fill('park');
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('listbox', { name: 'Select your practice' });
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list).toHaveAccessibleDescription('2 practices found');
  await checkPage(page, 'GP practices found');
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeFocused();
  await expect(list.getByRole('option', { name: /Stechford Park Medical Centre/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Step 3 of 3: Check and confirm')).toBeVisible();
  await expect(page.getByText('1 Station Road')).toBeVisible();
  await checkPage(page, 'GP practice to confirm');
  const sent = page.waitForRequest((request) => request.url().endsWith('/shop-api/customers/patient-gp-info'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ consentGiven: true, odsCode: 'M85101', practiceName: 'Stechford Park Medical Centre', postCode: 'B33 8TH' });
  await expect(page.getByRole('dialog', { name: 'Thank you for your GP details' })).toBeVisible();
  await checkPage(page, 'GP details thank-you');
});

test('on a phone, skipping the GP step is not thanked for GP details', async ({ page }) => {
  await signUpPatient(page, 'gp-skip');
  await page.goto('/account/gp-information');
  await expect(page.getByText('Step 1 of 3: Consent')).toBeVisible();
  await checkPage(page, 'GP consent');
  await page.getByRole('button', { name: 'Skip' }).click();
  const dialog = page.getByRole('dialog', { name: 'We will not contact your GP' });
  await expect(dialog).toContainText('You chose not to share your GP details, and that does not affect your order.');
  await expect(page.getByText('Thank you for your GP details')).toHaveCount(0);
  await checkPage(page, 'GP skipped');
  await dialog.getByRole('button', { name: 'Back to my tasks' }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
});
