import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignupForm, UNLICENSED_ACKNOWLEDGEMENT } from './SignupForm';

const referrer = '0b7f5c52-94a4-4d8e-9a53-6f1f0d7e1c2a';
const CHECK_INBOX = 'Please check your inbox: we have emailed you about your account. If you already have one, log in or reset your password.';

/** Records the signup the form sends, answering as the API does. */
function api(emailTaken = false) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/shop-api/register') {
        sent.push(JSON.parse(String(init.body)));
        if (emailTaken) return new Response(JSON.stringify({ code: 'CHECK_YOUR_EMAIL', message: CHECK_INBOX }), { status: 202, headers: { 'content-type': 'application/json' } });
        return new Response(JSON.stringify({ uid: 'u-2', firstName: 'Alex' }), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Nothing here' }), { status: 404 });
    }),
  );
  return sent;
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
  it('shows the check-your-inbox answer for an email that already has an account, and does not go on as signed in', async () => {
    api(true);
    const onSignedUp = renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECK_INBOX);
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('sends invitedBy from the referral cookie', async () => {
    document.cookie = `invited_by=${referrer}; Path=/`;
    const sent = api();
    const onSignedUp = renderForm(false);
    await fillIn();
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));
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
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ firstName: 'Alex', email: 'alex@example.com', birthday: '1980-01-01' });
    expect(window.sessionStorage.getItem('signupDraft')).toBeNull();
  });
});
