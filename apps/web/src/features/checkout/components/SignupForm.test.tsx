import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignupForm, UNLICENSED_ACKNOWLEDGEMENT } from './SignupForm';

const referrer = '0b7f5c52-94a4-4d8e-9a53-6f1f0d7e1c2a';
const CODE_SENT = { code: 'CONFIRM_EMAIL', message: 'We have emailed you a 6-digit code.' };
const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Records the sign-up the form sends and the codes entered, answering as the API does (the emailed code is 123456). */
let confirmations: Record<string, unknown>[] = [];
function api({ resendExpired = false } = {}) {
  const sent: Record<string, unknown>[] = [];
  confirmations = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/shop-api/register') {
        sent.push(JSON.parse(String(init.body)));
        return json(CODE_SENT, 202);
      }
      if (url === '/shop-api/register/confirm') {
        const body = JSON.parse(String(init.body));
        confirmations.push(body);
        if (body.code === '123456') return json({ uid: 'u-2', firstName: 'Alex' }, 201);
        const message = 'That code is not right or has expired. Please check the latest email from us, or send a new code.';
        return json({ code: 'INVALID_SIGNUP_CODE', message, details: { issues: [{ field: 'body.code', message }] } }, 400);
      }
      if (url === '/shop-api/register/resend') {
        if (resendExpired) return json({ code: 'SIGNUP_EXPIRED', message: 'Your sign-up has expired. Please create your account again.' }, 400);
        return json(CODE_SENT, 202);
      }
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Nothing here' }), { status: 404 });
    }),
  );
  return sent;
}

/** The emailed code, typed into the step that replaces the form. */
async function enterCode(code = '123456') {
  await userEvent.type(await screen.findByLabelText('6-digit code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('First name'), 'Alex');
  await userEvent.type(screen.getByLabelText('Last name'), 'Smith');
  await userEvent.type(screen.getByLabelText('Email'), 'alex@example.com');
  await userEvent.type(screen.getByLabelText('Mobile number'), '07700900123');
  await userEvent.type(screen.getByLabelText(/Date of birth/), '01011980');
  await userEvent.type(screen.getByLabelText(/Password/), 'long enough pw');
}

function renderForm(unlicensedProduct: boolean) {
  const onSignedUp = vi.fn();
  renderWithProviders(<SignupForm cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct={unlicensedProduct} onSignedUp={onSignedUp} onLoginInstead={() => {}} />);
  return onSignedUp;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'invited_by=; Max-Age=0; Path=/';
  window.sessionStorage.clear();
});

describe('SignupForm', () => {
  it('asks for the emailed code on the same page after the form, with the same words for any email; a wrong code says so, the right one signs in', async () => {
    const sent = api();
    const onSignedUp = renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/We have emailed a 6-digit code to/)).toHaveTextContent(
      'We have emailed a 6-digit code to alex@example.com. Enter it below to open your account. The code works for 30 minutes. Your basket is saved.',
    );
    expect(screen.getByText(/If this email already has an account/)).toHaveTextContent('If this email already has an account, we have emailed you about it instead.');
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(onSignedUp).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(code).toHaveAccessibleDescription(/Please enter the 6-digit code from the email\./);
    await enterCode('654 321');
    expect(confirmations).toEqual([{ email: 'alex@example.com', code: '654321' }]);
    await waitFor(() => expect(code).toHaveAccessibleDescription(/That code is not right or has expired/));
    await userEvent.clear(code);
    await enterCode('123456');
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
  });

  it('sends a new code on request, and goes back to the filled-in form to change the email', async () => {
    const sent = api();
    renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a new code to alex@example.com. Codes sent before it no longer work.');

    await userEvent.click(screen.getByRole('button', { name: 'Change your email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
    expect(screen.getByLabelText(/Password/)).toHaveValue('long enough pw');
    expect(sent).toHaveLength(1);
  });

  it('brings the form back with a word when the sign-up expired before a new code was asked for', async () => {
    api({ resendExpired: true });
    renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-up has expired. Please create your account again.');
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
  });

  it('sends invitedBy from the referral cookie', async () => {
    document.cookie = `invited_by=${referrer}; Path=/`;
    const sent = api();
    const onSignedUp = renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await enterCode();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ invitedBy: referrer, cartToken: 'tok-1', birthday: '1980-01-01' });
    expect(sent[0]).not.toHaveProperty('unlicensedProductDisclaimerAccepted', true);
  });

  it('sends no invitedBy without the cookie', async () => {
    const sent = api();
    const onSignedUp = renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await enterCode();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent[0]).not.toHaveProperty('invitedBy');
  });

  it('makes the terms box acknowledge an unlicensed medicine in the cart, and sends that acknowledgement', async () => {
    const sent = api();
    const onSignedUp = renderForm(true);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    const terms = screen.getByRole('checkbox', { name: new RegExp(UNLICENSED_ACKNOWLEDGEMENT) });
    expect(terms).toHaveAccessibleDescription('Required');
    expect(sent).toEqual([]);
    await userEvent.click(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await enterCode();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ agreeTermsAndPrivacy: true, unlicensedProductDisclaimerAccepted: true });
  });

  it('does not mention unlicensed medicines otherwise', () => {
    api();
    renderForm(false);
    expect(screen.queryByText(new RegExp(UNLICENSED_ACKNOWLEDGEMENT))).toBeNull();
  });

  it('asks for a date of birth with the spec’s messages when the consultation has none', async () => {
    api();
    renderForm(false);
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(/Please enter your date of birth/);
    await userEvent.type(screen.getByLabelText('Date of birth'), '01012015');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('01/01/2015');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(/You need to be over 18 in order to proceed/);
  });

  it('does not ask again for the consultation’s date of birth, sends it, and sends the visitor id for the experiment buckets', async () => {
    const sent = api();
    window.localStorage.setItem('anonymousId', 'visitor-42');
    renderWithProviders(
      <SignupForm cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct={false} knownBirthday="1985-04-12" onSignedUp={() => {}} onLoginInstead={() => {}} />,
    );
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(screen.getByText(/Date of birth:/)).toHaveTextContent('Date of birth: 12/04/1985, from your consultation.');
    // 'Already have an account? Log in' comes first, before any field.
    const logIn = screen.getByRole('button', { name: 'Already have an account? Log in' });
    expect(logIn.compareDocumentPosition(screen.getByLabelText('First name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.type(screen.getByLabelText('First name'), 'Alex');
    await userEvent.type(screen.getByLabelText('Last name'), 'Smith');
    await userEvent.type(screen.getByLabelText('Email'), 'alex@example.com');
    await userEvent.type(screen.getByLabelText('Mobile number'), '07700900123');
    await userEvent.type(screen.getByLabelText(/Password/), 'long enough pw');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ birthday: '1985-04-12', visitorId: 'visitor-42' });
    window.localStorage.clear();
  });

  it('brings back what was typed after a reload (session storage, never the password), and forgets it once signed up', async () => {
    const sent = api();
    const first = renderWithProviders(
      <SignupForm cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct={false} onSignedUp={() => {}} onLoginInstead={() => {}} />,
    );
    await fillIn();
    expect(window.sessionStorage.getItem('signupDraft')).not.toContain('long enough pw');
    first.unmount();

    const onSignedUp = renderForm(false);
    expect(await screen.findByDisplayValue('alex@example.com')).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('First name')).toHaveValue('Alex');
    expect(screen.getByLabelText('Last name')).toHaveValue('Smith');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('07700900123');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('01/01/1980');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    // The terms are agreed to again: a box is never ticked for the patient.
    expect(screen.getByRole('checkbox', { name: /I agree to the terms/ })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText(/Password/), 'long enough pw');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    await enterCode();
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ firstName: 'Alex', email: 'alex@example.com', birthday: '1980-01-01' });
    expect(window.sessionStorage.getItem('signupDraft')).toBeNull();
  });
});
