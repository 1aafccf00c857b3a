import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse mobile (its default: simulated throttling) on each page ({url, headers?}), `runs` times each, pages
 * taken in turn so that a noisy moment spreads over all of them. Each run answers its scores, timings and the
 * scripts the page loaded before Lighthouse found it idle.
 */
export async function audit(pages, { runs = 3 } = {}) {
  const results = pages.map(({ url }) => ({ url, runs: [] }));
  for (let run = 0; run < runs; run += 1) {
    for (const [index, { url, headers }] of pages.entries()) {
      results[index].runs.push(await auditCompleted(url, headers));
    }
  }
  return results;
}

/** Now and then a run loses its trace on this busy machine (NO_NAVSTART): it is run again, twice at most. */
const ATTEMPTS = 3;

async function auditCompleted(url, headers) {
  let run;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    run = await auditOnce(url, headers);
    if (!run.runtimeError) break;
  }
  return run;
}

/**
 * One Lighthouse run in a Chromium of its own: runs sharing one browser on this busy machine now and then lost the
 * navigation from their trace (NO_NAVSTART) and had no figures.
 */
async function auditOnce(url, headers) {
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
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      extraHeaders: headers,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const requests = lhr.audits['network-requests'].details?.items ?? [];
    return {
      finalUrl: lhr.finalDisplayedUrl,
      // Set when Lighthouse could not load or trace the page (its scores are then empty).
      runtimeError: lhr.runtimeError?.code ?? null,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
      scripts: requests.filter((request) => request.resourceType === 'Script').map((request) => request.url),
      failedAccessibility: Object.values(lhr.audits)
        .filter((item) => item.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === item.id))
        .map((item) => item.id),
    };
  } finally {
    await chrome.kill();
  }
}
