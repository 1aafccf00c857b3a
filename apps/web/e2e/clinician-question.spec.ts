import { INFORMATION_ANSWER_MESSAGES } from '@elmwood/domain';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffPage } from './support/staff';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const QUESTION = 'Please send a photo of the injection site on your abdomen, and tell us when the redness started.';

// A checkout through the API, a staff sign-in and two trips between the prescriber and the patient.
test.slow();

test("a prescriber asks for a photo, the patient answers with one in their account, and the prescriber sees it in the review", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { orderNumber } = await placeWeightLossOrder(page, `question-${Date.now()}-${test.info().project.name}@example.com`);
  await sendCriticalPhotos(page);

  const prescriber = await staffPage(browser, PRESCRIBER);
  await prescriber.goto(`/clinic/orders/${encodeURIComponent(orderNumber)}`);
  await expect(prescriber.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible({ timeout: 30_000 });
  await prescriber.getByRole('button', { name: 'Request information' }).click();
  const ask = prescriber.getByRole('dialog', { name: 'Request information' });
  await ask.getByLabel('Question for the patient').fill(QUESTION);
  await ask.getByLabel('Ask for a photo').check();
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(ask).toBeHidden();
  const questions = prescriber.getByRole('region', { name: 'Messages with the patient' });
  await expect(questions).toContainText(QUESTION);
  await expect(questions).toContainText('No answer yet: the order waits for the patient.');

  // The patient's side: the question is a task in their account.
  await page.goto('/account/health-actions');
  await page.getByRole('link', { name: 'Answer our prescriber' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Answer our prescriber' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Our prescriber's question" })).toContainText(QUESTION);
  await expectNoAxeViolations(page, 'answer the prescriber');
  // Nothing to send yet: the page says what is needed.
  await page.getByRole('button', { name: 'Send your answer' }).click();
  await expect(page.getByText(INFORMATION_ANSWER_MESSAGES.neededWithPhoto)).toBeVisible();

  await page.getByLabel('Choose a photo').setInputFiles(fixture('full-length.jpg'));
  await expect(page.getByRole('status', { name: /^Zoom \d/ })).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Your photo is ready to send with your answer.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The photo you are sending' })).toBeVisible();
  await page.getByLabel('Anything to add (optional with the photo)').fill('The redness started on Monday.');
  await expectNoAxeViolations(page, 'answer with a photo');
  await page.getByRole('button', { name: 'Send your answer' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you for your answer' });
  await expect(thanks).toBeVisible();
  await expectNoAxeViolations(page, 'answer sent');

  // Back with the prescriber: the order is ready for review again, with the words and the photo.
  await prescriber.reload();
  await expect(prescriber.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(questions).toContainText('The redness started on Monday.');
  const photo = questions.getByRole('img', { name: 'Photo Alex Smith sent in answer' });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  // Read through the staff photo viewer (each read audited), as the review's other photos are.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(prescriber.getByText('Status: In review')).toBeAttached();
  await expectNoAxeViolations(prescriber, 'review with the answer');
});
