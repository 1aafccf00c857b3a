import { ageOn } from '@elmwood/domain';
import { expect, request, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { weightLossAnswers } from './support/consultation';
import { placeWeightLossOrder } from './support/order';
import { ADMIN, PRESCRIBER, staffRequest, staffPage } from './support/staff';

const LONG_FIRST = 'Maximiliana-Alexandrina-Josephine-Wilhelmina';
const LONG_LAST = 'Featherstonehaugh-Cholmondeley-Worthington-Smythe';
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${test.info().project.name}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Screenshots for a person to look at (SCREENSHOT_DIR set), at desktop width and on a 390 px phone. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const desktop = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(desktop);
}

/**
 * Nothing on the page is wider than the window, no table is wider than the box it scrolls in, and in the queue only
 * the patient's name wraps: headings, order numbers and waiting times each stay on one line, words whole.
 */
async function expectFits(page: Page) {
  const table = page.getByRole('tabpanel').getByRole('table');
  const lines = await table.evaluate((element) =>
    [...element.querySelectorAll('th, td:not(:nth-child(2)) a, td:last-child')].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return { text: cell.textContent, lines: new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size };
    }),
  );
  for (const cell of lines) expect(cell, `'${cell.text}' on one line`).toMatchObject({ lines: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const overflow = await page.locator('.clinic-scroll').evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
  for (const extra of overflow) expect(extra).toBeLessThanOrEqual(0);
}

test('staff read words: a long name fits the queue, an order number is found in lower case, the review and the audit log read as a person writes', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the console is a desktop tool; the 390 px layout is checked inside this test');
  test.setTimeout(180_000);
  // The patient: imperial units, contact times, a long name.
  const answers = weightLossAnswers();
  answers.measurements = { wl_bmi: { weight: [{ value: 15, type: 'stone', preferredUnit: 'st-lbs', isTargetWeight: false }, { value: 10, type: 'lbs', preferredUnit: 'st-lbs', isTargetWeight: false }], height: [{ value: 5, type: 'feet' }, { value: 7, type: 'inches' }], bmi: 34.5 } };
  answers.goals = { wl_goal_weight: { weight: [{ value: 80, type: 'kg', preferredUnit: 'kg', isTargetWeight: true }] }, wl_contact_time: { period: ['morning', 'evening'], day: ['monday', 'thursday'] } };
  expect((await page.request.patch('/shop-api/medical-history-for-groups-by-slug/weight-loss', { data: answers })).status()).toBe(200);
  const { orderNumber } = await placeWeightLossOrder(page, uniqueEmail('words'), { consult: false, firstName: LONG_FIRST, lastName: LONG_LAST });

  const admin = await staffPage(browser, ADMIN);
  // The queue: the long name wraps inside its cell, on desktop and on a phone.
  await admin.getByRole('tab', { name: 'Waiting for patient' }).click();
  const row = admin.getByRole('tabpanel').getByRole('row').filter({ has: admin.getByRole('link', { name: orderNumber, exact: true }) });
  await expect(row.getByRole('cell', { name: `${LONG_FIRST} ${LONG_LAST}` })).toBeVisible();
  await expectFits(admin);
  await expectNoAxeViolations(admin, 'review queue with a long name');
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectFits(admin);
  await admin.setViewportSize({ width: 1280, height: 800 });
  await shoot(admin, 'queue-long-name');

  // Find an order: typed as read out over the phone.
  await admin.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Find an order' }).click();
  await admin.getByLabel('Order number').fill(` ${orderNumber.toLowerCase().replace(/-/g, ' ')} `);
  await admin.getByRole('button', { name: 'Open order' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();

  // The review: every answer in words, in the units the patient answered in.
  const patient = admin.getByRole('region', { name: 'Patient', exact: true });
  await expect(patient).toContainText(`12 Apr 1985 (${ageOn('1985-04-12', new Date())})`);
  const consultation = admin.getByRole('region', { name: /^Consultation/ });
  // A row of the answers: the innermost block holding the question (its term) and the answer (its definition).
  const answer = (question: RegExp) => consultation.locator('div', { has: admin.getByRole('term').filter({ hasText: question }) }).last().getByRole('definition');
  await expect(answer(/height and weight/)).toContainText('15 st 10 lb · 5 ft 7 in · BMI 34.5');
  await expect(answer(/goal weight/)).toContainText('80 kg');
  await expect(answer(/date of birth/i)).toContainText(`12 Apr 1985 (${ageOn('1985-04-12', new Date())})`);
  await expect(answer(/when suits you best/)).toContainText('Morning (9am to 12pm), Evening (5pm to 8pm); Monday, Thursday');
  await expect(consultation).toContainText(/Eligible for Wegovy/);
  await expect(consultation).not.toContainText(/[{}"]|WEGOVY/);
  await expectNoAxeViolations(admin, 'order review in words');
  await shoot(admin, 'review');

  // The audit log: admins only, filtered, in words, with the CSV of the same rows.
  await admin.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await admin.getByLabel('Order number').fill(orderNumber.toLowerCase());
  await admin.getByRole('button', { name: 'Show entries' }).click();
  const entries = admin.getByRole('table');
  await expect(entries.getByRole('row').filter({ hasText: 'Read the consultation answers' })).toContainText('(Admin)');
  await expect(entries.getByRole('row').filter({ hasText: 'Read the order' }).first()).toContainText(`${LONG_FIRST} ${LONG_LAST}`);
  await expect(entries).not.toContainText('read-order');
  // Words stay whole on a phone too: the log scrolls sideways in its own box rather than breaking them.
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 800 });
    await expect(entries.getByRole('columnheader', { name: 'Details' })).toHaveJSProperty('clientHeight', await entries.getByRole('columnheader', { name: 'When' }).evaluate((cell) => cell.clientHeight));
    expect(await entries.getByRole('link', { name: orderNumber }).first().evaluate((link) => link.getClientRects().length)).toBe(1);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(admin, 'audit log');
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let body = '';
    csv.on('data', (chunk) => (body += String(chunk)));
    csv.on('end', () => resolve(body));
  });
  expect(text.split('\r\n')[0]).toBe('id,at,staff,staff_role,action,action_code,patient,patient_id,order_number,resource,resource_id,details');
  expect(text).toContain('Read the consultation answers');
  await shoot(admin, 'audit');
  await admin.context().close();

  // Other staff have no link and the API refuses them.
  const prescriberApi = await staffRequest(request, testInfo.project.use.baseURL, PRESCRIBER);
  expect((await prescriberApi.get('/shop-api/clinic/audit')).status()).toBe(403);
  expect((await prescriberApi.get('/shop-api/clinic/audit.csv')).status()).toBe(403);
  await prescriberApi.dispose();
});
