import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffRequest, verifyThroughApi } from './support/staff';

test("'Who prescribes' is reached from the footer and names each prescriber with their register", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Who prescribes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Who prescribes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Dr Helen Marsh' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Check Dr Helen Marsh's registration/ })).toHaveAttribute('href', 'https://www.gmc-uk.org/registrants/7123456');
  await expect(page.getByRole('region', { name: 'The pharmacy' })).toContainText('registration number 9012345');
  await expectNoAxeViolations(page, 'who prescribes');
});

test("a prescription-only medicine's page shows its doses and prices as a table, with no dose to choose", async ({ page }) => {
  await page.goto('/products/wegovy');
  const table = page.getByRole('table', { name: 'Doses and prices' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /^2\.4 mg/ })).toContainText('a month');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start your consultation' })).toBeVisible();
  await expectNoAxeViolations(page, 'POM product page');
});

test("the GP answers the clinic's letter through its signed link; a tampered link is refused with a clear page", async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const email = `gp-letter-${Date.now()}-${test.info().project.name}@example.com`;
  const practiceEmail = `surgery-${Date.now()}-${test.info().project.name}@nhs.example`;
  const { orderNumber } = await placeWeightLossOrder(page, email);
  await sendCriticalPhotos(page);
  // The patient agrees that their GP is told, and gives the practice's email.
  await page.goto('/account/health-actions');
  const gp = await page.request.post('/shop-api/customers/patient-gp-info', {
    data: { consentGiven: true, practiceName: 'Park Surgery', addressLine1: '1 Park Road', cityOrTown: 'Leeds', postCode: 'LS6 2AA', email: practiceEmail, consents: { informGp: true, verifyHistory: false } },
  });
  expect(gp.status()).toBe(201);

  const staff = await staffRequest(playwright.request, baseURL, PRESCRIBER);
  try {
    await verifyThroughApi(staff, orderNumber);
    expect((await staff.post(`/shop-api/clinic/orders/${orderNumber}/approve`)).status()).toBe(200);
  } finally {
    await staff.dispose();
  }

  // The letter's job draws it and emails the practice, a moment after the approval.
  const link = page.getByRole('article').filter({ hasText: `To ${practiceEmail}` }).getByRole('link', { name: /\/gp\/letter\// }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const href = (await link.getAttribute('href'))!;
  const path = new URL(href).pathname;

  await page.goto(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expectNoAxeViolations(page, 'GP link refused');

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Answer a letter about your patient' })).toBeVisible();
  await expect(page.getByText('Wegovy, 0.25 mg')).toBeVisible();
  await expectNoAxeViolations(page, 'GP answer page');
  await page.getByRole('radio', { name: 'I have concerns' }).check();
  await page.getByLabel('Your concerns').fill('Previous pancreatitis in 2023: please review before further supply.');
  await expectNoAxeViolations(page, 'GP answer page with concerns');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you: we have your answer' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "The patient's next supply is on hold" })).toBeVisible();
  await expectNoAxeViolations(page, 'GP acknowledgement');
});
