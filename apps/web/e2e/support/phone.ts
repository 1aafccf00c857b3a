import { expect, type Page } from '@playwright/test';

/** A common phone's screen (iPhone 12 to 15), CSS pixels. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The page fits the screen's width: nothing makes it slide sideways. */
export async function expectNoSidewaysScroll(page: Page, context = page.url()): Promise<void> {
  const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(widths.scrollWidth, `the page scrolls sideways on ${context}`).toBeLessThanOrEqual(widths.innerWidth);
}
