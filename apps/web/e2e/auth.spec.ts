import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { QUIZ_ANSWERS_KEY_PREFIX } from '../src/lib/patient-storage';
import { registerPatient } from './support/patients';

test('forgot password → mailbox link → new password → log in with it', async ({ page }) => {
  // Signing up waits for the emailed code (sent by the server's job queue): more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = `reset-${Date.now()}@example.com`;
  const registered = await registerPatient(page.request, { firstName: 'Robin', lastName: 'Hale', email, plainPassword: 'my old password', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  await page.request.post('/shop-api/logout');

  await page.goto('/login');
  await expectNoAxeViolations(page, 'login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend instructions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to login' })).toBeVisible();
  await expectNoAxeViolations(page, 'check your inbox');

  // The email is sent by the job queue, a moment after the request; other runs' reset emails are in the mailbox too.
  const resetLink = page.getByRole('article').filter({ hasText: `To ${email}` }).getByRole('link', { name: /forgot-password\?token=/ }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(resetLink).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await resetLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a new secret phrase');
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('a new secret phrase');
  await expectNoAxeViolations(page, 'reset password');
  await page.getByRole('button', { name: 'Update password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been updated.');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my old password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is not right');
  await page.getByLabel('Password').fill('a new secret phrase');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});

test('a returning patient finds their account from the header, and a wrong account address leads back to it', async ({ page }) => {
  const email = `header-${Date.now()}@example.com`;
  await registerPatient(page.request, { firstName: 'Kit', lastName: 'Marsh', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  await page.request.post('/shop-api/logout');
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('long enough pw');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Kit' })).toBeVisible();

  await page.goto('/');
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
  await expectNoAxeViolations(page, 'home, signed in');
  await header.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);

  await page.goto('/account/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});

test('a page that needs login says so, and login returns there (never to another site)', async ({ page }) => {
  const email = `next-${Date.now()}@example.com`;
  await registerPatient(page.request, { firstName: 'Sam', lastName: 'Lowe', email, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  await page.request.post('/shop-api/logout');
  await page.goto('/login?next=https%3A%2F%2Fevil.example');
  await expect(page.getByText('You need to log in to view this page')).toHaveCount(0);
  await page.goto('/login?next=%2Fpages%2Fterms');
  await expect(page.getByRole('alert')).toHaveText('You need to log in to view this page');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('long enough pw');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
});

test('sign in with Google through the sandbox provider opens an account once the terms are ticked, crediting a referral', async ({ page }) => {
  const referrer = await registerPatient(page.request, { firstName: 'Rae', lastName: 'Friend', email: `google-referrer-${Date.now()}@example.com`, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  const referrerUid: string = (await referrer.json()).uid;
  await page.request.post('/shop-api/logout');
  await page.goto(`/r/${referrerUid}?raf=friend`);
  // The referral page remembers the referrer, then goes home.
  await expect(page).toHaveURL(/\/$/);

  const email = `google-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Google' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Jo');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please agree to the terms to open your account.');
  await expectNoAxeViolations(page, 'sandbox sign-in');
  await dialog.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  const signIn = page.waitForRequest((request) => request.url().endsWith('/shop-api/social-login/google'));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  expect((await signIn).postDataJSON()).toMatchObject({ invitedBy: referrerUid });
  // Signed in from the login page of their own accord: their account.
  await expect(page).toHaveURL(/\/account\/home$/);
  const me = await page.request.get('/shop-api/me');
  expect((await me.json()).email).toBe(email);
});

test('logging out leaves no consultation on the device: the quiz cookie and the answers kept in the browser are gone', async ({ page, context }) => {
  // A consultation taken on this browser: its quiz_session cookie, and the answers the quiz keeps in local storage.
  const answered = await page.request.patch('/shop-api/medical-history-for-groups-by-slug/weight-loss', {
    data: { 'date-of-birth': { wl_dob: '1980-05-05' } },
  });
  expect(answered.status()).toBe(200);
  await page.goto('/');
  await page.evaluate((key) => window.localStorage.setItem(key, JSON.stringify({ wl_dob: '1980-05-05' })), `${QUIZ_ANSWERS_KEY_PREFIX}weight-loss`);
  const registered = await registerPatient(page.request, { firstName: 'Kit', lastName: 'Moss', email: `shared-${Date.now()}@example.com`, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-05-05', agreeTermsAndPrivacy: true });
  expect(registered.status()).toBe(201);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('quiz_session');

  await page.goto('/account/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('quiz_session');
  const kept = await page.evaluate((prefix) => Object.keys(window.localStorage).filter((key) => key.startsWith(prefix)), QUIZ_ANSWERS_KEY_PREFIX);
  expect(kept).toEqual([]);
});
