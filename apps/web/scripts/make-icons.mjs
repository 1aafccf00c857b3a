// `node apps/web/scripts/make-icons.mjs`: draws the installed app's icons (public/icons) from the favicon's mark, in
// the system Chromium. Run again after the mark or the brand colour changes; the PNGs are committed.
import { chromium } from '@playwright/test';

const out = new URL('../public/icons/', import.meta.url).pathname;
const BRAND = '#1f5c4a';
const PAPER = '#f6f4ef';
const LEAF = `<path d="M9 23c0-8 5.5-13.5 15-14-.5 9.5-6 15-14 15" fill="${PAPER}"/><path d="M9.5 23.5 19 14" stroke="${BRAND}" stroke-width="1.6" stroke-linecap="round"/>`;
// 'any': the favicon's rounded square. Maskable and Apple: full bleed, the mark inside the middle 60 % (the platform's
// mask may cut everything outside the middle 80 %).
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${LEAF}</svg>`;
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16.5 -16.5)">${LEAF}</g></svg>`;
const icons = [
  { name: 'icon-192.png', size: 192, svg: rounded },
  { name: 'icon-512.png', size: 512, svg: rounded },
  { name: 'maskable-192.png', size: 192, svg: fullBleed },
  { name: 'maskable-512.png', size: 512, svg: fullBleed },
  { name: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { name, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: `${out}${name}`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
