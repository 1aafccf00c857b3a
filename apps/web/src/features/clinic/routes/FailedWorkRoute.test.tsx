import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FailedWorkItem } from '@elmwood/domain';
import { adminMember, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const ITEMS: FailedWorkItem[] = [
  {
    id: '0b7c8d9e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
    kind: "Payment after a clinician's decision",
    what: 'Take the payment held for order EH-12345678',
    failedAt: '2026-11-24T10:00:00Z',
    reason: 'The payment provider did not answer',
  },
];

describe('failed work in the console', () => {
  it('lists each failure in words with its reason, and tries it again on request', async () => {
    let retried = false;
    const calls = stubClinicApi({
      'GET /shop-api/clinic/me': [200, adminMember],
      'GET /shop-api/clinic/failed-work': () => [200, { items: retried ? [] : ITEMS }],
      [`POST /shop-api/clinic/failed-work/${ITEMS[0]!.id}/retry`]: () => {
        retried = true;
        return [200, { id: ITEMS[0]!.id, retried: true }];
      },
    });
    renderClinic('/clinic/failed-work');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed work' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Take the payment held for order EH-12345678' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: "Payment after a clinician's decision" })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'The payment provider did not answer' })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Try again: Take the payment held for order EH-12345678' }));
    expect(await screen.findByText('Queued again: Take the payment held for order EH-12345678.')).toBeInTheDocument();
    expect(await screen.findByText('No failed work')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/shop-api/clinic/failed-work/${ITEMS[0]!.id}/retry`]);
  });

  it('is not offered to other roles', async () => {
    stubClinicApi({ 'GET /shop-api/clinic/me': [200, supportMember] });
    renderClinic('/clinic/support');
    expect(await screen.findByRole('link', { name: 'Deletion requests' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Failed work' })).not.toBeInTheDocument();
  });
});
