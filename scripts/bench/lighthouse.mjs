import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Lighthouse mobile (its default: simulated throttling) on each page ({url, headers?}), one Chromium for all. */
export async function audit(pages) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const results = [];
    for (const { url, headers } of pages) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        extraHeaders: headers,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      results.push({
        url,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
