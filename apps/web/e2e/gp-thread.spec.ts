import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { placeWeightLossOrder, sendCriticalPhotos } from './support/order';
import { PHARMACIST, PRESCRIBER, staffRequest, staffPage, verifyThroughApi } from './support/staff';

// A checkout through the API, staff sign-ins and trips between the console and the patient's account.
test.slow();

test('the prescriber writes on the order, the patient replies from their order page, and the prescriber sees the reply', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { orderNumber } = await placeWeightLossOrder(page, `thread-${Date.now()}-${test.info().project.name}@example.com`);
  await sendCriticalPhotos(page);
  const question = 'Do you take any medicines for diabetes, such as insulin or gliclazide?';
  const reply = 'No, I take no diabetes medicines. Only vitamin D.';

  const prescriber = await staffPage(browser, PRESCRIBER);
  await prescriber.goto(`/clinic/orders/${encodeURIComponent(orderNumber)}`);
  await expect(prescriber.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible({ timeout: 30_000 });
  const thread = prescriber.getByRole('region', { name: 'Messages with the patient' });
  await expect(thread).toContainText('No messages on this order yet.');
  // Nothing written: the field says so.
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByText('Please write your message.')).toBeVisible();
  await thread.getByLabel('Message to the patient').fill(question);
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByRole('status')).toHaveText('Message sent. The patient has been emailed to read it.');
  await expect(thread.getByRole('list', { name: 'Messages, oldest first' })).toContainText(question);
  await expectNoAxeViolations(prescriber, 'console order with a message');

  // The patient reads it on their order page and replies.
  await page.goto(`/account/orders/${encodeURIComponent(orderNumber)}`);
  const messages = page.getByRole('region', { name: 'Messages with your prescriber' });
  await expect(messages.getByRole('list', { name: 'Messages, oldest first' })).toContainText(question);
  await expect(messages).toContainText('Dr Ana Patel (GMC 7012345)');
  await expectNoAxeViolations(page, 'order page with a message');
  await messages.getByRole('textbox', { name: 'Write to your prescriber' }).fill(reply);
  await messages.getByRole('button', { name: 'Send message' }).click();
  await expect(messages.getByRole('status')).toHaveText('Your message has been sent to your prescriber.');
  await expect(messages.getByRole('listitem').last()).toContainText(reply);
  await expect(messages.getByRole('listitem').last()).toContainText('You');

  // The prescriber sees the order among the messages waiting for a reply, and the reply on the order.
  await prescriber.goto('/clinic/reviews');
  await expect(prescriber.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: /^Patient messages \d+ waiting for a reply$/ })).toBeVisible();
  await prescriber.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: /^Patient messages/ }).click();
  await expect(prescriber.getByRole('heading', { level: 1, name: 'Patient messages' })).toBeVisible();
  const row = prescriber.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Alex Smith');
  await expectNoAxeViolations(prescriber, 'patient messages');
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(thread.getByText('Waiting for a reply')).toBeVisible();
  await expect(thread.getByRole('listitem').last()).toContainText(reply);
  await expect(thread.getByRole('listitem').last()).toContainText('Alex Smith');
  await expectNoAxeViolations(prescriber, 'console order with the reply');
  await prescriber.context().close();
});

test("a letter to a GP without email is listed to post, printed from its view and marked posted; the order page names the prescriber", async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const { orderNumber } = await placeWeightLossOrder(page, `letter-post-${Date.now()}-${test.info().project.name}@example.com`);
  await sendCriticalPhotos(page);
  // The patient agrees that their GP is told; the practice's email is not known, so the letter goes by post.
  const practice = `Oakfield Surgery ${test.info().project.name}`;
  const gp = await page.request.post('/shop-api/customers/patient-gp-info', {
    data: { consentGiven: true, practiceName: practice, addressLine1: '4 Oak Lane', cityOrTown: 'Leeds', postCode: 'LS6 1AB', consents: { informGp: true, verifyHistory: true } },
  });
  expect(gp.status()).toBe(201);
  const staff = await staffRequest(playwright.request, baseURL, PRESCRIBER);
  try {
    await verifyThroughApi(staff, orderNumber);
    expect((await staff.post(`/shop-api/clinic/orders/${orderNumber}/approve`)).status()).toBe(200);
  } finally {
    await staff.dispose();
  }

  // The patient's order page names who approved it, with their profession and register.
  await page.goto(`/account/orders/${encodeURIComponent(orderNumber)}`);
  const prescribed = page.getByRole('region', { name: 'Your prescriber', exact: true });
  await expect(prescribed).toContainText('Approved by Dr Ana Patel, Doctor (GP)');
  await expect(prescribed).toContainText('GMC number 7012345');
  await expect(prescribed.getByRole('link', { name: /check it on the GMC register/ })).toHaveAttribute('href', 'https://www.gmc-uk.org/registrants/7012345');
  await expectNoAxeViolations(page, 'approved order page');

  const pharmacist = await staffPage(browser, PHARMACIST);
  // The letter's job draws it a moment after the approval.
  await expect(async () => {
    await pharmacist.goto('/clinic/gp-letters');
    await expect(pharmacist.getByRole('row').filter({ hasText: orderNumber })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(pharmacist.getByRole('heading', { level: 1, name: 'Letters to post' })).toBeVisible();
  const row = pharmacist.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText(practice);
  await expect(row).toContainText('First prescription: Wegovy 0.25 mg');
  await expectNoAxeViolations(pharmacist, 'letters to post');
  await expect(pharmacist.getByRole('navigation', { name: 'Clinic' }).getByRole('link', { name: 'Letters to post' })).toBeVisible();
  await row.getByRole('link', { name: /Alex Smith/ }).click();

  await expect(pharmacist.getByRole('heading', { level: 1, name: `Letter to the GP about Alex Smith, order ${orderNumber}` })).toBeVisible();
  const letter = pharmacist.getByRole('article', { name: 'The letter' });
  await expect(letter).toContainText('Dear Doctor,');
  await expect(letter).toContainText(practice);
  await expect(letter).toContainText('Medicine: Wegovy');
  await expect(letter).toContainText('Doctor (GP), GMC 7012345');
  await expect(letter.getByRole('link', { name: /\/gp\/letter\// })).toBeVisible();
  await expect(pharmacist.getByRole('link', { name: /Open the PDF/ })).toHaveAttribute('href', /\/shop-api\/clinic\/gp-letters\/[0-9a-f-]+\/pdf$/);
  await expectNoAxeViolations(pharmacist, 'letter print view');
  // Printed, only the letter goes on paper: the console's bar and the buttons stay off it.
  await pharmacist.emulateMedia({ media: 'print' });
  await expect(pharmacist.getByRole('button', { name: 'Print the letter' })).toBeHidden();
  await expect(pharmacist.getByRole('banner')).toBeHidden();
  await expect(letter).toBeVisible();
  await pharmacist.emulateMedia({ media: 'screen' });

  await pharmacist.getByRole('button', { name: 'Mark as posted' }).click();
  await expect(pharmacist.getByRole('status').filter({ hasText: 'Marked as posted' })).toBeVisible();
  await expect(pharmacist.getByText('Posted', { exact: true })).toBeVisible();
  await expect(pharmacist.getByRole('button', { name: 'Mark as posted' })).toHaveCount(0);
  await pharmacist.getByRole('link', { name: 'Back to the letters to post' }).click();
  await expect(pharmacist.getByRole('heading', { level: 1, name: 'Letters to post' })).toBeVisible();
  await expect(pharmacist.getByRole('row').filter({ hasText: orderNumber })).toHaveCount(0);

  // The console's order names the prescriber too.
  await pharmacist.goto(`/clinic/orders/${encodeURIComponent(orderNumber)}`);
  await expect(pharmacist.getByRole('region', { name: 'Order', exact: true })).toContainText('Dr Ana Patel, Doctor (GP), GMC 7012345');
  await pharmacist.context().close();
});
