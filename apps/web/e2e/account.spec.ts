import { expect, test, type Page } from '@playwright/test';
import { GP_CONSENT_WORDING } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { bookVideoConsultation } from './support/video-consultation';
import { PATIENT_PASSWORD, placeWeightLossOrder } from './support/order';
import { registerPatient } from './support/patients';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const tasks = (page: Page) => page.getByRole('list', { name: 'Your tasks' }).getByRole('listitem');

async function closePopup(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, `${title} popup`);
  await dialog.getByRole('button', { name: /Continue|Back to my tasks/ }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
}

/** The crop frame's shape on screen: an ID card's is landscape, a full-length photo's portrait. */
async function cropFrameRatio(page: Page): Promise<number> {
  const box = await page.getByRole('group', { name: /Crop frame/ }).boundingBox();
  expect(box).not.toBeNull();
  return box!.width / box!.height;
}

/** Chooses a photo, checks the frame opens at its zoom and shape, zooms in a step and sends it. */
async function uploadPhoto(page: Page, file: string, frame: { zoom: string; zoomedIn: string; ratio: number }) {
  await page.getByLabel('Choose a photo').setInputFiles(fixture(file));
  await expect(page.getByLabel(`Zoom ${frame.zoom}×`)).toBeVisible();
  expect(await cropFrameRatio(page)).toBeCloseTo(frame.ratio, 1);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByLabel(`Zoom ${frame.zoomedIn}×`)).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
}
/** ID-1 card, 85.6 × 54 mm, opening at zoom 1; the full-length photo a 2:3 portrait opening on the whole 3:4 photo (0.88). */
const ID_FRAME = { zoom: '1', zoomedIn: '1.5', ratio: 85.6 / 54 };
const FULL_LENGTH_FRAME = { zoom: '0.9', zoomedIn: '1.4', ratio: 2 / 3 };

test('a patient with a new weight-loss order works through their tasks until they are all set', async ({ page }) => {
  // Four tasks, the last a booking of the video consultation.
  test.setTimeout(150_000);
  const email = `tasks-${Date.now()}-${test.info().project.name}@example.com`;
  await placeWeightLossOrder(page, email);
  await page.request.post('/shop-api/logout');

  // Account pages need login, and login brings the patient back.
  await page.goto('/account/health-actions');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fhealth-actions$/);
  await expect(page.getByRole('alert')).toHaveText('You need to log in to view this page');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PATIENT_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);

  await expect(page.getByRole('heading', { level: 1, name: 'My tasks' })).toBeVisible();
  await expect(tasks(page)).toHaveCount(4);
  await expect(page.getByText('tasks to complete')).toBeVisible();
  await expect(page.locator('.health-actions__number')).toHaveText('4');
  await expect(tasks(page).first()).toContainText('Required');
  await expectNoAxeViolations(page, 'health actions');

  // Identity: a photo of the ID, zoomed and cropped, with nothing chosen first.
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/account\/upload\/upload-photo-id\?taskId=/);
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('No photos selected')).toBeVisible();
  await expect(page.getByRole('img', { name: /illustrated driving licence lying flat, landscape/ })).toBeVisible();
  await expectNoAxeViolations(page, 'photo ID upload');
  await uploadPhoto(page, 'photo-id.png', ID_FRAME);
  await closePopup(page, 'Thank you for verifying your identity');
  await expect(tasks(page)).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Verify your identity' })).toHaveCount(0);

  // GP details: consent, the practice, confirm.
  await page.getByRole('link', { name: 'Tell us about your GP' }).click();
  await expect(page.getByText('Step 1 of 3: Consent')).toBeVisible();
  await expectNoAxeViolations(page, 'GP consent');
  await page.getByRole('checkbox', { name: GP_CONSENT_WORDING.informGp }).check();
  await page.getByRole('button', { name: 'I consent, add my GP' }).click();
  // A practice not in the NHS directory is typed by hand.
  await page.getByRole('button', { name: "Enter my practice's details myself" }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('GP practice name')).toHaveAccessibleDescription('Required');
  await page.getByLabel('GP practice name').fill('Park Surgery');
  await page.getByLabel('Address line 1').fill('1 Park Road');
  await page.getByLabel('City or town').fill('Leeds');
  await page.getByLabel('Postcode').fill('ls1 4ap');
  await expectNoAxeViolations(page, 'GP form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('LS1 4AP')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await closePopup(page, 'Thank you for your GP details');
  await expect(tasks(page)).toHaveCount(2);

  // The full-length photo, the last task.
  await page.getByRole('link', { name: 'Add a full-length photo' }).click();
  await expect(page).toHaveURL(/\/account\/upload\/weight-loss\?taskId=/);
  await expect(page.getByRole('img', { name: /illustrated person standing straight against a plain wall/ })).toBeVisible();
  await uploadPhoto(page, 'full-length.jpg', FULL_LENGTH_FRAME);
  await closePopup(page, 'We have your photo');

  // The video consultation with a prescriber, the last task (its call has a test of its own: video-consultation.spec.ts).
  await expect(tasks(page)).toHaveCount(1);
  await page.getByRole('link', { name: 'Book your video consultation' }).click();
  await bookVideoConsultation(page, test.info().project.name === 'mobile' ? 1 : 0);
  await page.goto('/account/health-actions');

  await expect(page.getByRole('heading', { name: 'You are all set' })).toBeVisible();
  await expectNoAxeViolations(page, 'health actions, all set');
  await page.getByRole('link', { name: 'Visit your account' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your tasks' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Order history' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'account home with an order');

  // The plan's quick actions.
  await page.getByRole('region', { name: 'Your treatments' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/account\/plan\/[^/]+$/);
  // The plan's price is this month's, at the current dose; the months after follow the dosage table, never 'every month'.
  await expect(page.getByText(/£\d+\.\d\d for a month at your current dose/)).toBeVisible();
  await expect(page.getByText(/every month/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Price by dose' }).getByRole('table')).toContainText('Month 4 onwards');
  await page.getByRole('button', { name: 'Where is my order' }).click();
  const where = page.getByRole('dialog', { name: 'Where is my order' });
  await expect(where.getByRole('listitem')).toHaveText([/Order placed/, /Waiting for your tasks/, /In clinical review/, /Approved/, /Dispatched/, /Delivered/]);
  await expectNoAxeViolations(page, 'where is my order');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change order date' }).click();
  const dateDialog = page.getByRole('dialog', { name: 'Change order date' });
  // The order is with the prescriber: the date cannot move until they decide (no stockpiling ahead of the first supply).
  await expect(dateDialog.getByText(/is with our prescriber, so your delivery date cannot change until they have decided/)).toBeVisible();
  await expect(dateDialog.getByLabel('Next delivery date')).toHaveCount(0);
  await expectNoAxeViolations(page, 'change order date');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Update payment method' }).click();
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
  await page.getByLabel('Name on card').fill('Alex Smith');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
  await page.getByLabel('Security code').fill('123');
  await expectNoAxeViolations(page, 'payment method');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your new card is saved. We will use it for your next payments.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved cards' }).getByRole('listitem').filter({ hasText: 'Default' })).toContainText('ending 4444');

  await page.goto('/account/order-history');
  await expect(page.getByRole('region', { name: 'Orders, page 1 of 1' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'order history');
});

test('a new patient without orders finds a calm, empty account', async ({ page }) => {
  const email = `account-${Date.now()}-${test.info().project.name}@example.com`;
  const registered = await registerPatient(page.request, { firstName: 'Jo', lastName: 'Reed', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jo' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your progress' })).toBeVisible();
  await expect(page.getByText('You have not placed an order yet.')).toBeVisible();
  // The installable app is offered until it has been opened installed (features/app-install; installable-app.spec).
  await expect(page.getByRole('heading', { name: 'Get the app' })).toBeVisible();
  // The FAQ keeps one answer open at a time.
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  await faq.getByRole('button', { name: 'How long does delivery take?' }).click();
  await expect(faq.getByText(/arrive within two working days/)).toBeVisible();
  await faq.getByRole('button', { name: 'Who sees my photos?' }).click();
  await expect(faq.getByText(/arrive within two working days/)).toBeHidden();
  await expectNoAxeViolations(page, 'account home');

  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'My tasks' }).click();
  await expect(page.getByRole('heading', { name: 'No tasks at the moment' })).toBeVisible();
  await expectNoAxeViolations(page, 'health actions, none');

  await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expectNoAxeViolations(page, 'order history, none');

  await page.goto('/account/details/change/shipping-address');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery address' })).toBeVisible();
  await page.getByRole('button', { name: 'Enter address manually' }).click();
  await page.getByLabel('Address line 1', { exact: true }).fill('Flat 3, Oak House');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await expectNoAxeViolations(page, 'delivery address');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your treatments will be delivered to:' })).toContainText('Flat 3, Oak House, Leeds, LS1 4AP');
  await page.getByRole('link', { name: 'Visit your account' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});

test('a photo is zoomed, cropped and sent as a JPEG, and GP details are skipped, before any order', async ({ page }) => {
  const email = `photo-${Date.now()}-${test.info().project.name}@example.com`;
  const registered = await registerPatient(page.request, { firstName: 'Sam', lastName: 'Lowe', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);

  await page.goto('/account/upload/upload-photo-id');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('No photos selected')).toBeVisible();
  await page.getByLabel('Choose a photo').setInputFiles(fixture('photo-id.png'));
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  // The ID card's frame opens landscape at zoom 1: nothing to zoom out of, all four corners in view.
  await expect(page.getByLabel('Zoom 1×')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  expect(await cropFrameRatio(page)).toBeCloseTo(85.6 / 54, 1);
  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByLabel('Zoom 3×')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await expectNoAxeViolations(page, 'photo crop');
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByLabel('Choose a photo')).toBeAttached();
  await page.getByLabel('Choose a photo').setInputFiles(fixture('photo-id.png'));

  const sent = page.waitForResponse((response) => response.url().endsWith('/shop-api/messages/category/I'));
  await page.getByRole('button', { name: 'Upload photo' }).click();
  const response = await sent;
  // One photo per part of a multipart form (the browser's FormData), not base64 text in JSON.
  expect(await response.request().headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  expect(response.status()).toBe(201);
  const stored = await page.request.get((await response.json()).uploads[0].url);
  expect(stored.headers()['content-type']).toBe('image/jpeg');
  expect((await stored.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  await expect(page.getByRole('heading', { name: 'We have your photo' })).toBeVisible();

  await page.goto('/account/gp-information');
  await page.getByRole('button', { name: 'Skip' }).click();
  const dialog = page.getByRole('dialog', { name: 'We will not contact your GP' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to my tasks' }).click();
  await expect(page).toHaveURL(/\/account\/health-actions$/);
});

test('a patient saves a card their bank checks with 3-D Secure, after a failed check', async ({ page }) => {
  const email = `card-3ds-${Date.now()}-${test.info().project.name}@example.com`;
  const registered = await registerPatient(page.request, { firstName: 'Sam', lastName: 'Hale', email, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1979-02-03', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);

  await page.goto('/account/details/change/billing-method');
  await expect(page.getByText('You have no saved cards.')).toBeVisible();
  await page.getByLabel('Name on card').fill('Sam Hale');
  await page.getByLabel('Card number').fill('4000 0000 0000 3220');
  await page.getByLabel('Expiry (MM/YY)').fill(`11/${String(new Date().getFullYear() + 3).slice(-2)}`);
  await page.getByLabel('Security code').fill('321');
  const bankCheck = page.getByRole('dialog', { name: 'Confirm your payment' });
  const bankPage = bankCheck.frameLocator('iframe[title="Payment confirmation from your bank"]');

  // The bank's check fails: nothing is saved, and the patient is told.
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(bankCheck).toBeVisible();
  await expectNoAxeViolations(page, 'card check');
  await bankPage.getByRole('button', { name: 'Fail' }).click();
  await expect(bankCheck).toBeHidden();
  // In plain English, with what to do next (the bank's own words stay in the logs).
  await expect(page.getByText(/Your bank could not confirm it was you/)).toBeVisible();
  await expect(page.getByText('You have no saved cards.')).toBeVisible();

  // Tried again and confirmed at the bank: the card is saved as the default.
  await page.getByRole('button', { name: 'Save card' }).click();
  await bankPage.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Your new card is saved. We will use it for your next payments.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved cards' }).getByRole('listitem').filter({ hasText: 'Default' })).toContainText('ending 3220');
});
