import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETION_BLOCKED_MESSAGE, DELETION_REMOVED_TEXT, deletionKeptText, type ClinicDeletionRequest } from '@elmwood/domain';
import { renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const PATH = `/shop-api/clinic/deletion-requests/${ID}`;

function request(overrides: Partial<ClinicDeletionRequest> = {}): ClinicDeletionRequest {
  return {
    id: ID,
    state: 'requested',
    patient: { name: 'Jo Reed', email: 'jo@example.com' },
    requestedAt: '2026-11-20T10:00:00Z',
    completedAt: null,
    deadline: '2026-12-20',
    daysLeft: 26,
    removedText: DELETION_REMOVED_TEXT,
    keptText: deletionKeptText({ clinicalYears: 10, financialYears: 7 }),
    openPlans: 1,
    ordersInProgress: [],
    ...overrides,
  };
}

describe('a deletion request in the console', () => {
  it('says what goes and stays, and deletes once confirmed in the dialog', async () => {
    let done = false;
    const calls = stubClinicApi({
      'GET /shop-api/clinic/me': [200, supportMember],
      [`GET ${PATH}`]: () => [200, request(done ? { state: 'completed', completedAt: '2026-11-24T10:00:00Z', openPlans: 0 } : {})],
      [`POST ${PATH}/confirm`]: () => {
        done = true;
        return [200, request({ state: 'completed', completedAt: '2026-11-24T10:00:00Z', openPlans: 0 })];
      },
    });
    renderClinic(`/clinic/deletion-requests/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delete the account of Jo Reed' })).toBeInTheDocument();
    expect(screen.getByText(/Confirm by 20 Dec 2026 \(26 days left\)/)).toBeInTheDocument();
    const kept = within(screen.getByRole('region', { name: 'What is kept' }));
    expect(kept.getByText(/^Consultations and your clinical record: kept 10 years after your last treatment with us\./)).toBeInTheDocument();
    expect(kept.getByText(/^Orders and payments: kept 7 years after each payment\./)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What is removed' })).getByText(/The patient has an open plan/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm deletion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText('The account has been deleted and the patient emailed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm deletion' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('names the orders to finish first and offers no confirmation while one is open', async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': [200, supportMember],
      [`GET ${PATH}`]: [200, request({ ordersInProgress: [{ number: 'EH-TEST-0001', state: 'approved' }] })],
    });
    renderClinic(`/clinic/deletion-requests/${ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DELETION_BLOCKED_MESSAGE);
    expect(within(alert).getByRole('link', { name: 'EH-TEST-0001' })).toHaveAttribute('href', '/clinic/orders/EH-TEST-0001');
    expect(within(alert).getByText(/Approved/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm deletion' })).not.toBeInTheDocument();
  });
});
