/** The system Chromium and the flags every browser test launches it with: nothing downloads a browser or phones home. */
export const SYSTEM_CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
};
