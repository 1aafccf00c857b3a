// `node scripts/bench/loaded-scripts.mjs http://127.0.0.1:3000`: opens each entry page of a running shop in a phone-sized
// headless Chromium, as a new visitor, and prints the scripts it fetched until the network was quiet, by package (a
// quick stand-in for the Lighthouse list in `npm run bench`, which takes minutes). `--files` lists the scripts too.
import { chromium } from '@playwright/test';
import { bundleReport, printReport } from './bundle-report.mjs';
import { answeredSession } from './consultation.mjs';

const ENTRY_PAGES = ['/', '/products/wegovy', '/n/weight-loss/quiz/1', '/n/weight-loss/recommendations', '/n/weight-loss/order'];
/** Pages past the questionnaire open with an answered consultation, as the bench's Lighthouse runs do. */
const needsAnswers = (path) => path.startsWith('/n/weight-loss/') && !path.includes('/quiz/');

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const shop = args[0] ?? 'http://127.0.0.1:3000';
const distDir = args[1] ?? 'apps/web/dist';
const listFiles = process.argv.includes('--files');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const cookie = await answeredSession(shop);
  for (const path of ENTRY_PAGES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    if (needsAnswers(path)) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: shop }]);
    }
    const page = await context.newPage();
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${shop}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    printReport(`${path} (${scripts.length} scripts)`, bundleReport(distDir, scripts));
    if (listFiles) console.log(`  files: ${scripts.join(' ')}`);
    await context.close();
  }
} finally {
  await browser.close();
}
