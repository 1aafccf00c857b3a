import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test('home → Wegovy → product popup, accessible at every step', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Clinician-led treatment, calmly delivered' })).toBeVisible();
  await expect(page).toHaveTitle(/\| Elmwood Health$/);
  await expect(page.getByRole('link', { name: 'Start your erectile dysfunction consultation' })).toBeVisible();
  await expect(page.getByText(/From £\d+\.\d\d a month/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'home');

  await page.getByRole('link', { name: 'Wegovy', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/wegovy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wegovy' })).toBeVisible();
  await expect(page).toHaveTitle('Wegovy | Elmwood Health');
  // A prescription-only medicine's doses and prices are information, not a choice carried into the consultation.
  const doses = page.getByRole('table', { name: 'Doses and prices' });
  await expect(doses.getByRole('row', { name: /^0\.25 mg/ })).toContainText(/£\d+\.\d\d a month/);
  await expect(doses.getByRole('row', { name: /^0\.25 mg/ })).toContainText(/a month \(£\d+\.\d\d every 3 months\)/);
  await expect(page.getByRole('link', { name: 'Start your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
  await expectNoAxeViolations(page, 'product page');

  const moreInfo = page.getByRole('button', { name: 'More information' });
  await moreInfo.click();
  const dialog = page.getByRole('dialog', { name: 'Wegovy' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Start your consultation' })).toBeVisible();
  await expectNoAxeViolations(page, 'product popup');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();
});

test('a supplement popup shows its nutrition table and leads back to its buying options, not a consultation', async ({ page }) => {
  await page.goto('/products/daily-multivitamin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'supplement page');
  const moreInfo = page.getByRole('button', { name: 'More information' });
  await moreInfo.click();
  const dialog = page.getByRole('dialog');
  const table = dialog.getByRole('table', { name: 'Nutritional information' });
  await expect(table.getByRole('columnheader', { name: 'NRV' })).toBeVisible();
  await expectNoAxeViolations(page, 'supplement popup');
  await expect(dialog.getByRole('link', { name: /consultation|Get started/ })).toHaveCount(0);
  // On the product's own page its buying options are right behind the popup.
  await dialog.getByRole('button', { name: 'View buying options' }).click();
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add to basket' })).toBeVisible();
});

test('an unknown treatment gets a friendly page, not an error', async ({ page }) => {
  await page.goto('/products/no-such-treatment');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that treatment" })).toBeVisible();
  await expect(page).toHaveTitle('Treatment not found | Elmwood Health');
  await expectNoAxeViolations(page, 'unknown product');
  await page.getByRole('link', { name: 'See all treatments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clinician-led treatment, calmly delivered' })).toBeVisible();
});

test('a consultation link opens the consultation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start your hair loss consultation' }).click();
  await expect(page).toHaveURL(/\/n\/hair-loss\/quiz\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await expectNoAxeViolations(page, 'consultation first step');
});
