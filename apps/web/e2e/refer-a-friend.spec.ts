import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, field, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';
import { PATIENT_PASSWORD, sendCriticalPhotos } from './support/order';
import { PRESCRIBER, staffPage, NO_GP_CONSENT, verifyThroughApi } from './support/staff';
import { registerPatient } from './support/patients';

/** The friend's critical photos, sent as the upload page sends them, so the order waits for the prescriber. */
async function sendPhotos(page: Page) {
  await sendCriticalPhotos(page);
}

test('a patient copies their referral link, a friend signs up through it and gets the referral discount, and the approved order counts for the patient', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const run = `${test.info().project.name}-${Date.now()}`;
  const registered = await registerPatient(page.request, { firstName: 'Kim', lastName: 'Lowe', email: `referrer-${run}@example.com`, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1982-02-02', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/account/home');
  await page.getByRole('region', { name: 'Refer a friend' }).getByRole('link', { name: 'Share your link' }).click();
  await expect(page).toHaveURL(/\/account\/refer-a-friend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  // No fixed sum is promised: the referrer earns a share of the friend's order, within the yearly cap.
  await expect(page.getByRole('heading', { level: 2, name: 'Give 20% off, get 20% back' })).toBeVisible();
  await expect(page.getByText(/you get 20% of that order's price \(before their discount\) as credit, up to £200\.00 a year/)).toBeVisible();
  const linkField = page.getByLabel('Your referral link');
  await expect(linkField).toHaveAttribute('readonly', '');
  const link = await linkField.inputValue();
  expect(link).toMatch(/\/r\/[0-9a-f-]{36}\?raf=friend$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoAxeViolations(page, 'refer a friend');

  // Each share button opens the channel's compose page in a new window.
  await page.context().route(/^https:\/\/(twitter\.com|wa\.me)\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Share</title>' }));
  for (const [name, address] of [
    ['Share on X', /^https:\/\/twitter\.com\/intent\/tweet\?text=.*&url=.*raf%3Dfriend$/],
    ['Share on WhatsApp', /^https:\/\/wa\.me\/\?text=.*raf%3Dfriend$/],
  ] as const) {
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const popup = await opened;
    await expect.poll(() => popup.url()).toMatch(address);
    await popup.close();
  }
  await expect(page.getByRole('button', { name: /^Share by email/ })).toBeVisible();

  // The friend, in a browser of their own, follows the link and orders.
  const friendContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const friend = await friendContext.newPage();
  await friend.goto(link);
  // The link remembers the referrer, then lands on the home page: only then is the friend's visit counted as referred.
  await expect(friend).toHaveURL(new URL('/', link).href);
  await startCheckout(friend);
  await signUp(friend, `friend-${run}@example.com`, 'Ria');
  await chooseAddressAndContinue(friend);
  await expect(friend.getByText('REFERRAL DISCOUNT').first()).toBeVisible();
  await expectNoAxeViolations(friend, 'checkout with the referral discount');
  await field(friend, 'Name on card').fill('Ria Smith');
  await field(friend, 'Card number').fill('5555 5555 5555 4444');
  await field(friend, 'Expiry date (MM/YY)').fill('11/31');
  await field(friend, 'Security code (CVC)').fill('123');
  await friend.getByRole('button', { name: 'Place order' }).click();
  await expect(friend).toHaveURL(/\/n\/weight-loss\/order\/complete\/[^/?]+$/);
  const orderNumber = decodeURIComponent(new URL(friend.url()).pathname.split('/').at(-1)!);
  await sendPhotos(friend);
  await friendContext.close();

  // Not counted while the order waits for review; counted once a prescriber approves it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  const prescriber = await staffPage(browser, PRESCRIBER);
  await verifyThroughApi(prescriber.request, orderNumber);
  const approved = await prescriber.request.post(`/shop-api/clinic/orders/${encodeURIComponent(orderNumber)}/approve`, { data: NO_GP_CONSENT });
  expect(approved.status()).toBe(200);
  await prescriber.context().close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'You have referred 1 friend' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^You have earned £\d+\.\d{2}$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'refer a friend, one friend');
});
