import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder } from './support/order';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

// A 390 px phone, as patients take these photos (issue 39).
test.use({ viewport: { width: 390, height: 844 } });

const tasksToComplete = (page: Page) => page.getByRole('list', { name: 'Tasks to complete' }).getByRole('listitem');

/**
 * What a JPEG sent from the page looks like, read back in the browser: its size, whether the bands above and below
 * where the whole photo should sit are blank (white), and its middle beside the fixture's middle.
 */
async function readSentPhoto(page: Page, sent: Buffer, original: Buffer) {
  return page.evaluate(
    async ([sentBase64, originalBase64]) => {
      const pixels = async (base64: string) => {
        // Decoded from bytes: the page's Content-Security-Policy lets nothing fetch a data: URL.
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { width: bitmap.width, height: bitmap.height, at: (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)] };
      };
      const photo = await pixels(sentBase64);
      const source = await pixels(originalBase64);
      const blank = (y: number) => [0.1, 0.5, 0.9].every((fraction) => photo.at(Math.round(photo.width * fraction), y).every((channel) => channel >= 245));
      // The whole photo, scaled to the frame's width, sits in the middle of the frame's height.
      const scale = photo.width / source.width;
      const top = Math.round((photo.height - source.height * scale) / 2);
      return {
        width: photo.width,
        height: photo.height,
        blankAbove: blank(2) && blank(top - 8),
        blankBelow: blank(photo.height - 3) && blank(photo.height - top + 8),
        photoMiddle: photo.at(Math.round(photo.width / 2), Math.round(photo.height / 2)),
        sourceMiddle: source.at(Math.round(source.width / 2), Math.round(source.height / 2)),
      };
    },
    [sent.toString('base64'), original.toString('base64')] as const,
  );
}

test('after an order, each photo leaves the thank-you page’s list at once, the full-length photo keeps the whole body, and the home calls what is left optional', async ({ page }) => {
  test.setTimeout(120_000);
  // This patient chose 'Continue on web' on the thank-you page's app offer (the experiment's other bucket is tested in app-notifications.spec).
  await page.addInitScript(() => window.sessionStorage.setItem('continueOnWeb', 'true'));
  const email = `photos-phone-${Date.now()}-${test.info().project.name}@example.com`;
  const { orderNumber } = await placeWeightLossOrder(page, email);

  await page.goto(`/n/weight-loss/order/complete/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Almost done, Alex, one more step before you can get your order' })).toBeVisible();
  await expect(tasksToComplete(page)).toHaveText(['Verify your identity Action Needed', 'Add a full-length photo Action Needed']);
  await expectNoAxeViolations(page, 'thank-you page, two photos to take');

  // The photo ID, from the thank-you page's button; 'Continue' leads back to it.
  await page.getByRole('link', { name: 'Upload your photos' }).click();
  await expect(page).toHaveURL(/\/account\/upload\/upload-photo-id\?taskId=/);
  await page.getByLabel('Choose a photo').setInputFiles(fixture('photo-id.png'));
  await expect(page.getByLabel('Zoom 1×')).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await page.getByRole('dialog', { name: 'Thank you for verifying your identity' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/complete/${orderNumber}$`));
  // No reload: the list already knows the ID is in.
  await expect(tasksToComplete(page)).toHaveText(['Add a full-length photo Action Needed']);

  // The full-length photo: a tall portrait frame that opens on the whole photo, below 1×.
  await page.getByRole('link', { name: 'Upload your photos' }).click();
  await expect(page).toHaveURL(/\/account\/upload\/weight-loss\?taskId=/);
  await expect(page.getByText(/far enough away that your whole body shows, from the top of your head to your feet/)).toBeVisible();
  await expect(page.getByRole('img', { name: /whole body from the top of the head to the feet inside a tall portrait frame/ })).toBeVisible();
  await expectNoAxeViolations(page, 'full-length photo, before choosing');
  await page.getByLabel('Choose a photo').setInputFiles(fixture('full-length.jpg'));
  // The fixture is a 3:4 phone photo: the whole of it fits the 2:3 frame at 0.88×, the lowest zoom on offer.
  await expect(page.getByLabel('Zoom 0.9×')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  await expect(page.getByText('Check your whole body shows, head to feet.', { exact: false })).toBeVisible();
  const frame = await page.getByRole('group', { name: /Crop frame/ }).boundingBox();
  expect(frame!.width / frame!.height).toBeCloseTo(2 / 3, 1);
  expect(frame!.height).toBeGreaterThan(300);
  await expectNoAxeViolations(page, 'full-length photo, in the frame');
  await page.screenshot({ path: test.info().outputPath('full-length-frame.png'), fullPage: true });

  const upload = page.waitForResponse((response) => response.url().endsWith('/shop-api/messages/category/W') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  // The photo as the clinic keeps it, read back by its owner.
  const { uploads } = (await (await upload).json()) as { uploads: { url: string }[] };
  const stored = await page.request.get(uploads[0]!.url);
  expect(stored.headers()['content-type']).toBe('image/jpeg');
  const sent = await readSentPhoto(page, await stored.body(), readFileSync(fixture('full-length.jpg')));
  expect({ width: sent.width, height: sent.height }).toEqual({ width: 800, height: 1200 });
  // The whole photo went, head to feet: white above and below it, the photo itself between.
  expect(sent.blankAbove).toBe(true);
  expect(sent.blankBelow).toBe(true);
  sent.photoMiddle.forEach((channel, index) => expect(Math.abs(channel - sent.sourceMiddle[index]!)).toBeLessThan(40));

  await page.getByRole('dialog', { name: 'We have your photo' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/complete/${orderNumber}$`));
  // Nothing critical is open any more, so the one-off survey asks its question; closed, the page says thanks.
  await page.getByRole('dialog', { name: 'How did you hear about us?' }).getByRole('button', { name: 'Close the survey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for your order, Alex' })).toBeVisible();
  await expect(page.getByText('Action Needed')).toHaveCount(0);
  await expectNoAxeViolations(page, 'thank-you page, photos done');
  await page.screenshot({ path: test.info().outputPath('thank-you-done.png'), fullPage: true });

  // What is left (the GP details) holds nothing up, and the account home says so.
  await page.goto('/account/home');
  const card = page.getByRole('region', { name: 'Your tasks' });
  // The photos done, what holds the treatment is the video consultation that verifies weight and height (GPhC 2025).
  await expect(card).toHaveText(/You have 1 task to complete before we can send your treatment, and 1 optional task\./);
  await expectNoAxeViolations(page, 'account home, the video consultation and one optional task');
  await page.screenshot({ path: test.info().outputPath('home-optional.png'), fullPage: true });
});
