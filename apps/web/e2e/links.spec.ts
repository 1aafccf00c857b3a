import { expect, test, type Page } from '@playwright/test';
import { placeWeightLossOrder } from './support/order';

/** Addresses kept for examples and tests (RFC 2606, RFC 6761), and the usual stand-ins for a link not made yet. */
const PLACEHOLDER_HOSTS = [/(^|\.)example\.(com|org|net)$/, /\.example$/, /\.test$/, /\.invalid$/, /^localhost$/];
const PLACEHOLDER_WORDS = /placeholder|lorem|todo|your-link|xxx/i;

/** Words every page that is not there says (the shared not-found panel, and the account's). */
const NOT_FOUND = /couldn.t find/i;

interface FoundLink {
  href: string;
  text: string;
}

/** Every link on the page as it is shown now, by its resolved address. */
async function linksOn(page: Page): Promise<FoundLink[]> {
  await page.waitForLoadState('networkidle');
  const links = await page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => ({ href: (anchor as HTMLAnchorElement).href, raw: anchor.getAttribute('href') ?? '', text: (anchor.textContent ?? '').trim() })),
  );
  for (const link of links) expect(link.raw.trim(), `a link with no address: '${link.text}'`).not.toMatch(/^(#?|javascript:.*)$/i);
  return links.map(({ href, text }) => ({ href, text }));
}

/** A link on the page leads somewhere real: an in-page anchor that exists, a page of ours that is found, or a real outside address. */
async function expectLinksLeadSomewhere(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const links = await linksOn(page);
  expect(links.length, `links on ${path}`).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const visited = new Set<string>();
  for (const link of links) {
    const url = new URL(link.href);
    const label = `'${link.text}' (${link.href}) on ${path}`;
    if (url.protocol === 'mailto:' || url.protocol === 'tel:') {
      expect(url.pathname, label).toMatch(url.protocol === 'mailto:' ? /^[^@\s]+@[^@\s]+\.[^@\s]+$/ : /^\+?\d[\d ]{6,}$/);
      continue;
    }
    expect(['http:', 'https:'], label).toContain(url.protocol);
    expect(link.href, label).not.toMatch(PLACEHOLDER_WORDS);
    if (url.origin !== origin) {
      for (const host of PLACEHOLDER_HOSTS) expect(url.hostname, label).not.toMatch(host);
      continue;
    }
    const samePage = url.pathname === new URL(page.url()).pathname && url.search === new URL(page.url()).search;
    if (samePage && url.hash) {
      await expect(page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`), label).toHaveCount(1);
      continue;
    }
    const target = url.pathname + url.search;
    if (visited.has(target)) continue;
    visited.add(target);
    // Files (pictures, documents) answer for themselves; pages are drawn by the app, so they are opened.
    if (/\.[a-z0-9]{2,5}$/i.test(url.pathname)) {
      expect((await page.request.get(target)).status(), label).toBe(200);
      continue;
    }
    const visit = await page.context().newPage();
    try {
      const response = await visit.goto(target);
      expect(response?.status(), label).toBeLessThan(400);
      await expect(visit.getByRole('heading', { level: 1 }).first(), label).toBeVisible();
      await expect(visit.getByRole('heading', { level: 1, name: NOT_FOUND }), label).toHaveCount(0);
    } finally {
      await visit.close();
    }
  }
}

test('every link on the home, account home and thank-you pages leads to a page that exists, never a placeholder', async ({ page }) => {
  test.setTimeout(180_000);
  await expectLinksLeadSomewhere(page, '/');

  const { orderNumber } = await placeWeightLossOrder(page, `links-${Date.now()}-${test.info().project.name}@example.com`);
  await expectLinksLeadSomewhere(page, '/account/home');
  await expectLinksLeadSomewhere(page, `/n/weight-loss/order/complete/${orderNumber}`);
});
