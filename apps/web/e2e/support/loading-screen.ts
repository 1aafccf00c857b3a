import type { Page } from '@playwright/test';

/**
 * Under reduced motion the loading screen offers 'Skip to your recommendations'; it also moves on by itself once
 * they are ready (2.5 s at the least), so on a quick machine the page may already have gone on.
 */
export async function leaveLoadingScreen(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Skip to your recommendations' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
}
