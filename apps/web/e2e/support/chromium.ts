import { existsSync } from 'node:fs';

/**
 * Debian's Chromium built for headless use (package chromium-headless-shell, from the same source as chromium): no
 * browser UI or GPU process to keep busy, so the browser tests need about a fifth less CPU on two cores. The full
 * chromium stands in where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The system Chromium and the flags every browser test launches it with: nothing downloads a browser or phones home. */
export const SYSTEM_CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
};
