import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pharmacist, prescriber, renderClinic, stubClinicApi } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const signedOut: [number, unknown] = [401, { code: 'STAFF_LOGIN_REQUIRED', message: 'Please sign in to the clinic console.' }];

async function enterPassword() {
  await userEvent.type(await screen.findByLabelText('Email'), 'prescriber@elmwood-health.example');
  await userEvent.type(screen.getByLabelText('Password'), 'prescriber-demo-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('clinic sign-in', () => {
  it('sends a console page without a staff session to the clinic login', async () => {
    stubClinicApi({ 'GET /shop-api/clinic/me': signedOut });
    const { router } = renderClinic('/clinic/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clinic/login');
  });

  it('asks for the password, then the authentication code, announcing a wrong one, and opens the prescriber’s queue', async () => {
    const calls = stubClinicApi({
      'GET /shop-api/clinic/me': signedOut,
      'POST /shop-api/clinic/login': [200, { step: 'totp', enrolment: null }],
      'POST /shop-api/clinic/login/totp': (body) =>
        (body as { code: string }).code === '123456'
          ? [200, { staff: prescriber, recoveryCodes: null }]
          : [401, { code: 'INVALID_CODE', message: 'That code did not work. Try the newest code from your app.' }],
    });
    renderClinic('/clinic/login');
    await enterPassword();
    expect(calls.find((call) => call.path === '/shop-api/clinic/login')?.body).toEqual({ email: 'prescriber@elmwood-health.example', password: 'prescriber-demo-2026' });

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code did not work. Try the newest code from your app.');

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /clinic/reviews' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Dr Ana Patel');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('announces a refused password', async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': signedOut,
      'POST /shop-api/clinic/login': [401, { code: 'INVALID_CREDENTIALS', message: 'The email or password is not right.' }],
    });
    renderClinic('/clinic/login');
    await enterPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not right.');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });

  it('enrols a member without TOTP: the QR code and secret, then the recovery codes once, then their home', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jk${String(index).padStart(2, '0')}`);
    stubClinicApi({
      'GET /shop-api/clinic/me': signedOut,
      'POST /shop-api/clinic/login': [
        200,
        { step: 'enrol', enrolment: { secret: 'SFOHY5T2ZR5JBW6KTZNJILZEQVI4LTLO', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
      'POST /shop-api/clinic/login/totp': [200, { staff: pharmacist, recoveryCodes: codes }],
    });
    renderClinic('/clinic/login');
    await enterPassword();

    const qr = await screen.findByRole('img', { name: /QR code for your authenticator app/ });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('SFOHY5T2ZR5JBW6KTZNJILZEQVI4LTLO')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Save these codes' })).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Recovery codes' }).querySelectorAll('li')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /clinic/dispatch' })).toBeInTheDocument();
  });
});
