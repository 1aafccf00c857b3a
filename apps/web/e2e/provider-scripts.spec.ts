import { expect, test, type Page } from '@playwright/test';
import { THIRD_PARTY_SCRIPTS } from '@elmwood/domain';
import { expectNoAxeViolations } from './support/axe';
import { chooseAddressAndContinue, signUp } from './support/checkout';
import { startCheckout } from './support/consultation';

// Small local stand-ins for the providers' scripts: the test never reaches the internet. What matters is which
// pages ask for them, and that the page lets them run.
const STUBS: Record<keyof typeof THIRD_PARTY_SCRIPTS, string> = {
  googlePay: `window.google = window.google || {};
    window.google.payments = { api: { PaymentsClient: class {
      isReadyToPay() { return Promise.resolve({ result: true, paymentMethodPresent: true }); }
      loadPaymentData() { return Promise.reject({ statusCode: 'CANCELED' }); }
    } } };`,
  applePay: 'window.applePaySdkStub = true;',
  googleSignIn: `window.google = window.google || {};
    window.google.accounts = { id: {
      initialize(options) { window.gsiOptions = options; },
      renderButton(parent) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.onclick = () => window.gsiOptions.callback({ credential: 'google-id-token-for-' + window.gsiOptions.nonce });
        parent.replaceChildren(button);
      },
    } };`,
  appleSignIn: `window.AppleID = { auth: {
      init(options) { window.appleOptions = options; },
      signIn() { return Promise.resolve({ authorization: { id_token: 'apple-id-token-for-' + window.appleOptions.nonce } }); },
    } };`,
};

/** Answers every provider script from its stub, and records which were asked for. */
async function stubProviderScripts(page: Page): Promise<string[]> {
  const requested: string[] = [];
  // Anything else bound for the providers' hosts is recorded too, and refused (registered first: later routes win).
  await page.route(/^https:\/\/(pay\.google\.com|applepay\.cdn-apple\.com|accounts\.google\.com|appleid\.cdn-apple\.com)\//, (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  for (const [name, script] of Object.entries(THIRD_PARTY_SCRIPTS) as [keyof typeof THIRD_PARTY_SCRIPTS, { src: string }][]) {
    await page.route(script.src, (route) => {
      requested.push(name);
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: STUBS[name] });
    });
  }
  return requested;
}

test('Google Pay and Apple Pay scripts load on the payment step only, and the Google Pay button shows when ready to pay', async ({ page }) => {
  test.slow();
  const requested = await stubProviderScripts(page);
  await page.goto('/');
  await page.goto('/products/wegovy');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await startCheckout(page);
  await expect(page.getByRole('button', { name: 'Create account and continue' })).toBeVisible();
  expect(requested).toEqual([]);

  await signUp(page, `wallet-scripts-${Date.now()}-${test.info().project.name}@example.com`);
  await chooseAddressAndContinue(page);
  // The page's CSP lets pay.js run: its client says it is ready to pay, so the button shows.
  await expect(page.getByRole('button', { name: 'Pay with Google Pay' })).toBeVisible();
  await expect.poll(() => [...requested].sort()).toEqual(['applePay', 'googlePay']);
  expect(await page.evaluate(() => (window as { applePaySdkStub?: boolean }).applePaySdkStub)).toBe(true);
  await expectNoAxeViolations(page, 'payment step with Google Pay');
});

test('in live mode the Google and Apple sign-in scripts load only where the buttons are, get the server’s nonce and send the ID token to the server', async ({ browser }) => {
  // This server runs the sign-in sandbox (its CSP allows no sign-in host; the API test checks live mode's CSP), so
  // the page's CSP is set aside and the browser is told sign-in is live.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, bypassCSP: true });
  const page = await context.newPage();
  const requested = await stubProviderScripts(page);
  await page.route('**/shop-api/social-login/config', (route) =>
    route.fulfill({ json: { mode: 'live', google: { clientId: 'google-client.apps.googleusercontent.com' }, apple: { clientId: 'health.elmwood.web' } } }),
  );
  const nonces: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/shop-api/social-login/nonce')) nonces.push((await response.json()).nonce);
  });

  await page.goto('/');
  await page.goto('/products/wegovy');
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);

  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(google).toBeVisible();
  await expect.poll(() => [...requested].sort()).toEqual(['appleSignIn', 'googleSignIn']);
  expect(await page.evaluate(() => (window as unknown as { gsiOptions: { client_id: string; nonce: string } }).gsiOptions.client_id)).toBe('google-client.apps.googleusercontent.com');
  await expectNoAxeViolations(page, 'login with live social sign-in');

  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  const [googleRequest] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/shop-api/social-login/google') && request.method() === 'POST'), google.click()]);
  const googleNonce = nonces.at(-1)!;
  expect(googleRequest.postDataJSON()).toMatchObject({ idToken: `google-id-token-for-${googleNonce}`, agreeTermsAndPrivacy: true });
  // The sandbox server cannot verify a stub's token: the patient is told, and may try again with a new nonce.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect.poll(() => nonces.length).toBeGreaterThan(1);

  const apple = page.getByRole('button', { name: 'Continue with Apple' });
  await expect(apple).toBeEnabled();
  const [appleRequest] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/shop-api/social-login/apple') && request.method() === 'POST'), apple.click()]);
  const appleNonce = nonces.at(-1)!;
  expect(appleNonce).not.toBe(googleNonce);
  expect(appleRequest.postDataJSON()).toMatchObject({ idToken: `apple-id-token-for-${appleNonce}` });
  expect(await page.evaluate(() => (window as unknown as { appleOptions: { usePopup: boolean; clientId: string } }).appleOptions)).toMatchObject({ usePopup: true, clientId: 'health.elmwood.web' });
  await context.close();
});
