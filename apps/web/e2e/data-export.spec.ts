import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_EXPORT_TEXT, STAFF_DATA_EXPORT_TEXT } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder } from './support/order';
import { pdfText } from './support/pdf';
import { ADMIN, staffPage } from './support/staff';

/** Letters only (names are checked as names), different for each run and viewport. */
const uniqueName = () => 'Copy' + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The zip a download saved, opened: its files by name. */
async function zipOf(download: Download): Promise<Record<string, Uint8Array>> {
  expect(download.suggestedFilename()).toMatch(/^elmwood-health-data-\d{4}-\d{2}-\d{2}\.zip$/);
  return unzipSync(new Uint8Array(await readFile((await download.path())!)));
}

/** The 'your data is ready' email to this patient, as the dev mailbox shows it: its text version. */
async function readyEmail(page: Page, email: string): Promise<string> {
  let text = '';
  await expect(async () => {
    const mailbox = await (await page.request.get('/dev/mailbox')).text();
    const article = mailbox.split('<article>').find((item) => item.includes(`<p>To ${email} ·`) && item.includes('data is ready to download'));
    expect(article, `the ready email to ${email}`).toBeDefined();
    text = article!.slice(article!.indexOf('<pre>'));
  }).toPass({ timeout: 30_000 });
  return text;
}

test('a patient asks for a copy of their data, is emailed when it is ready, and downloads a zip that names them; an admin makes the same for a subject access request', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = `copy-${Date.now()}-${test.info().project.name}@example.com`;
  const lastName = uniqueName();
  const { orderNumber } = await placeWeightLossOrder(page, email, { firstName: 'Sam', lastName });

  await page.goto('/account/details');
  const card = page.getByRole('region', { name: DATA_EXPORT_TEXT.title });
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText(DATA_EXPORT_TEXT.holds);
  await expect(card).toContainText('The download link works for 7 days, and only while you are signed in to your account.');
  await expectNoAxeViolations(page, 'account details, download my data');
  await card.getByRole('button', { name: DATA_EXPORT_TEXT.ask }).click();
  await expect(card.getByRole('status')).toContainText(/Being prepared|ready to download/);

  // The email says only that it is ready, and leads to the account (a forwarded copy opens nothing by itself).
  const message = await readyEmail(page, email);
  expect(message).not.toContain(lastName);
  expect(message).not.toMatch(/Wegovy|BMI|weight/i);
  const link = message.match(/href="([^"]+\/account\/details#download-my-data)"/)?.[1];
  expect(link, 'the link in the email').toBeDefined();
  await page.goto(link!);
  await expect(card.getByRole('status')).toContainText(DATA_EXPORT_TEXT.ready);
  await expect(card).toContainText(/The link works until \d{1,2} \w{3}\.? \d{4}, \d{2}:\d{2}, and only while you are signed in\./);
  // One a day: no second request offered until then.
  await expect(card.getByRole('button', { name: DATA_EXPORT_TEXT.askAgain })).toHaveCount(0);
  await expect(card).toContainText('You can ask for a new copy from');
  await expectNoAxeViolations(page, 'account details, data ready');

  const downloading = page.waitForEvent('download');
  await expect(card).toContainText(/Zip file, \d+ KB/);
  await card.getByRole('link', { name: DATA_EXPORT_TEXT.download, exact: true }).click();
  const files = await zipOf(await downloading);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'summary.pdf', 'record.json', 'fhir-bundle.json']));
  expect(pdfText(Buffer.from(files['summary.pdf']!))).toContain(`Sam ${lastName}`);
  expect(strFromU8(files['record.json']!)).toContain(orderNumber);

  // The link does not work without the patient's session.
  const href = await card.getByRole('link', { name: DATA_EXPORT_TEXT.download, exact: true }).getAttribute('href');
  const stranger = await browser.newContext();
  expect((await stranger.request.get(new URL(href!, page.url()).toString())).status()).toBe(401);
  await stranger.close();

  // The clinic's subject access request, on the patient's order page: prepared, downloaded, both in the audit log.
  const clinic = await staffPage(browser, ADMIN);
  await clinic.goto(`/clinic/orders/${orderNumber}`);
  const request = clinic.getByRole('region', { name: STAFF_DATA_EXPORT_TEXT.title });
  await expect(request).toContainText(STAFF_DATA_EXPORT_TEXT.explain);
  await expectNoAxeViolations(clinic, 'clinic order, subject access request');
  await request.getByRole('button', { name: STAFF_DATA_EXPORT_TEXT.prepare }).click();
  await expect(request.getByRole('status')).toContainText('Prepared.');
  const staffDownloading = clinic.waitForEvent('download');
  await request.getByRole('link', { name: new RegExp(`^Download the data of Sam ${lastName}`) }).first().click();
  const staffFiles = await zipOf(await staffDownloading);
  expect(pdfText(Buffer.from(staffFiles['summary.pdf']!))).toContain(`Sam ${lastName}`);
  await expectNoAxeViolations(clinic, 'clinic order, archive prepared');

  await clinic.goto(`/clinic/audit?patient=${lastName}`);
  await expect(clinic.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(clinic.getByText("Prepared a copy of the patient's data (subject access request)")).toBeVisible();
  await expect(clinic.getByText("Downloaded a copy of the patient's data (subject access request)")).toBeVisible();
  await clinic.context().close();
});
