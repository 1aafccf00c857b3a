import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

test('the guarantee page renders from the footer, marked as demo copy', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Money-back guarantee', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '180-day money-back guarantee' })).toBeVisible();
  await expect(page).toHaveTitle('180-day money-back guarantee | Elmwood Health');
  await expect(page.getByRole('note')).toContainText('Demo copy');
  await expectNoAxeViolations(page, 'guarantee');
});

for (const [path, heading] of [
  ['/pages/ed-money-back-guarantee', 'ED money-back guarantee'],
  ['/pages/terms', 'Terms of use'],
  ['/pages/terms-of-sale', 'Terms of sale'],
  ['/pages/privacy', 'Privacy policy'],
] as const) {
  test(`${path} renders on a direct visit`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page, path);
  });
}

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await expectNoAxeViolations(page, 'not found');
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/pages/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
