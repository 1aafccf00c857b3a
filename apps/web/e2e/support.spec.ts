import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { PATIENT_PASSWORD } from './support/order';
import { staffPage, SUPPORT } from './support/staff';
import { registerPatient } from './support/patients';

test('a patient writes to the clinic from their account, support replies in the console, and the patient reads the reply', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const run = `${test.info().project.name}-${Date.now()}`;
  const subject = `Pen delivery ${run}`;
  const registered = await registerPatient(page.request, { firstName: 'Sam', lastName: 'Okafor', email: `support-${run}@example.com`, plainPassword: PATIENT_PASSWORD, phoneNumber: '07700900123', birthday: '1984-03-03', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);

  await page.goto('/account/home');
  await page.getByRole('region', { name: 'Contact us' }).getByRole('link', { name: 'Send us a message' }).click();
  await expect(page).toHaveURL(/\/account\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact and support' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your messages' })).toContainText('You have not sent us a message yet.');
  await expectNoAxeViolations(page, 'support page, empty');

  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('Subject')).toHaveAccessibleDescription('Required');
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Required');
  await expectNoAxeViolations(page, 'support form errors');

  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('My pen has not arrived yet.\nCould you check where it is?');
  await form.getByLabel('Photo (optional)').setInputFiles(new URL('./fixtures/full-length.jpg', import.meta.url).pathname);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(/Thank you, your message has been sent/);
  await expect(form.getByLabel('Subject')).toHaveValue('');
  const thread = page.getByRole('article', { name: subject });
  await expect(thread).toContainText('Waiting for our reply');
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem')).toContainText('You');
  await expect(thread.getByRole('listitem')).toContainText('My pen has not arrived yet.');
  const attached = thread.getByRole('img', { name: 'Photo you attached' });
  await expect.poll(() => attached.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, 'support page with a message');

  const support = await staffPage(browser, SUPPORT);
  await expect(support.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
  const row = support.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Sam Okafor');
  await expectNoAxeViolations(support, 'support inbox');
  await row.getByRole('link', { name: subject }).click();
  await expect(support.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(support.getByRole('region', { name: 'Messages' })).toContainText('My pen has not arrived yet.');
  const seen = support.getByRole('img', { name: 'Photo the patient attached' });
  await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(support, 'support conversation');

  const reply = support.getByRole('form', { name: 'Reply to the patient' });
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByLabel('Your reply')).toHaveAccessibleDescription(/Required/);
  await reply.getByLabel('Your reply').fill('It left us this morning with Royal Mail and should reach you tomorrow.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await expect(reply.getByRole('status')).toHaveText('Reply sent. The patient can read it in their account.');
  await expect(support.getByRole('region', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);
  await support.getByRole('link', { name: 'Back to the support inbox' }).click();
  await expect(support.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
  await expect(support.getByRole('link', { name: subject })).toHaveCount(0);
  await support.context().close();

  await page.reload();
  const answered = page.getByRole('article', { name: subject });
  await expect(answered).toContainText('Replied');
  const messages = answered.getByRole('listitem');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('Jo from Elmwood Health');
  await expect(messages.nth(1)).toContainText('It left us this morning with Royal Mail and should reach you tomorrow.');
  await expectNoAxeViolations(page, 'support page with a reply');
});
