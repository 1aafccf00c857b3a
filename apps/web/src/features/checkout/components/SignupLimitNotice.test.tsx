import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignupForm } from './SignupForm';

const LIMIT_MESSAGE =
  'We cannot open another account from here just now. Please try again in 25 minutes. If you already have an account, log in, or continue with Google or Apple.';

/** The API refusing the sign-up for too many new accounts, 25 minutes before the window ends. */
function refusingApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/shop-api/register') {
        return new Response(JSON.stringify({ code: 'TOO_MANY_SIGNUPS', message: LIMIT_MESSAGE }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '1471' },
        });
      }
      if (url === '/shop-api/social-login/config') return new Response(JSON.stringify({ mode: 'sandbox', google: null, apple: null }), { status: 200 });
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Nothing here' }), { status: 404 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a sign-up refused for too many new accounts', () => {
  it('says how long from Retry-After, keeps the basket and offers Log in, Google and Apple instead', async () => {
    refusingApi();
    const onLoginInstead = vi.fn();
    renderWithProviders(
      <SignupForm cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct={false} knownBirthday="1985-04-12" onSignedUp={() => {}} onLoginInstead={onLoginInstead} />,
    );
    await userEvent.type(screen.getByLabelText('First name'), 'Alex');
    await userEvent.type(screen.getByLabelText('Last name'), 'Smith');
    await userEvent.type(screen.getByLabelText('Email'), 'alex@example.com');
    await userEvent.type(screen.getByLabelText('Mobile number'), '07700900123');
    await userEvent.type(screen.getByLabelText(/Password/), 'long enough pw');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account and continue' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We cannot open another account from here just now');
    expect(alert).toHaveTextContent('Please try again in 25 minutes. Your basket is saved.');
    // One set of Google and Apple buttons, with the way in that stays open.
    expect(screen.getAllByRole('button', { name: 'Continue with Google' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Continue with Apple' })).toHaveLength(1);
    // What the patient typed stays.
    expect(screen.getByLabelText('Email')).toHaveValue('alex@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLoginInstead).toHaveBeenCalled();
  });
});
