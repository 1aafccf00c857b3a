import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { AccountStep } from './AccountStep';
import { UNLICENSED_ACKNOWLEDGEMENT } from './SignupForm';

const user: User = {
  uid: 'u-1',
  firstName: 'Alex',
  lastName: 'Smith',
  email: 'alex@example.com',
  phoneNumber: '07700900123',
  birthday: '1980-01-01',
  customerBalance: 0,
  hasAcceptedUnlicensedProductDisclaimer: false,
};

function api() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ...user, hasAcceptedUnlicensedProductDisclaimer: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountStep, signed in', () => {
  it('asks a patient who has not acknowledged the unlicensed medicine in their cart to do so, then sends it', async () => {
    const sent = api();
    const onDone = vi.fn();
    renderWithProviders(<AccountStep user={user} cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const box = screen.getByRole('checkbox', { name: UNLICENSED_ACKNOWLEDGEMENT });
    expect(box).toHaveAccessibleDescription('Required');
    expect(sent).toEqual([]);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ phoneNumber: '07700900123', unlicensedProductDisclaimerAccepted: true, cartToken: 'tok-1' }]);
  });

  it('does not ask again once given', () => {
    api();
    renderWithProviders(
      <AccountStep user={{ ...user, hasAcceptedUnlicensedProductDisclaimer: true }} cartToken="tok-1" maleOnlyTreatment={false} unlicensedProduct onDone={() => {}} />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
