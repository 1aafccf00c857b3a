import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

const CODE_SUBJECT = /Your .+ code: (\d{6})/;

/**
 * The latest sign-up code emailed to `email`, read from the dev mailbox as the person would read it (the server's job
 * sends the email a moment after the sign-up; other runs' emails are in the mailbox too).
 */
export async function emailedSignupCode(request: APIRequestContext, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  let code: string | undefined;
  await expect(async () => {
    const page = await (await request.get('/dev/mailbox')).text();
    const article = page.split('<article>').find((item) => item.includes(`<p>To ${address} ·`) && CODE_SUBJECT.test(item));
    code = article?.match(CODE_SUBJECT)?.[1];
    expect(code, `a sign-up code emailed to ${address}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return code!;
}

/**
 * Opens an account through the API as the checkout's form does: the form (202, a code emailed), then the code read
 * from the mailbox (201). Leaves the request context (and a page sharing it) signed in; answers the confirmation.
 */
export async function registerPatient(request: APIRequestContext, data: { email: string } & Record<string, unknown>): Promise<APIResponse> {
  const started = await request.post('/shop-api/register', { data });
  expect(started.status(), await started.text()).toBe(202);
  const code = await emailedSignupCode(request, data.email);
  const confirmed = await request.post('/shop-api/register/confirm', { data: { email: data.email, code } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return confirmed;
}
