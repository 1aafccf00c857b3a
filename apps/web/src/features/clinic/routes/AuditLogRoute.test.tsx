import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogPage } from '@elmwood/domain';
import { adminMember, prescriber, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const PAGE: AuditLogPage = {
  entries: [
    {
      id: 12,
      at: '2026-11-20T10:00:00.000Z',
      staff: { name: 'Dr Ana Patel', role: 'prescriber' },
      action: 'Rejected the order',
      patient: { name: 'Jo Reed' },
      orderNumber: 'EH-7KQ4-M2XP',
      details: 'Reason: BMI not eligible',
    },
    {
      id: 11,
      at: '2026-11-20T09:00:00.000Z',
      staff: null,
      action: 'Reported a side effect',
      patient: { name: 'Jo Reed' },
      orderNumber: null,
      details: 'How bad: Severe · Sent to the urgent clinical queue: Yes',
    },
  ],
  page: 1,
  pageCount: 3,
  total: 120,
  from: '2026-10-29',
  to: '2026-11-28',
  staff: [{ id: '6f1c1a52-3f5e-4a43-9b7e-1d2c3b4a5f60', name: 'Dr Ana Patel', role: 'prescriber' }],
};

describe('the audit log page', () => {
  it('shows admins who did what in words, filters by order, patient, staff member and days, pages, and exports the same rows', async () => {
    const calls = stubClinicApi({ 'GET /shop-api/clinic/me': [200, adminMember], 'GET /shop-api/clinic/audit': [200, PAGE] });
    const { router } = renderClinic('/clinic/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/clinic/audit');
    const row = (await screen.findByRole('cell', { name: 'Rejected the order' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Reason: BMI not eligible' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Jo Reed' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Dr Ana Patel (Prescriber)' })).toBeInTheDocument();
    // The patient's own clinical event: no member of staff.
    const reported = screen.getByRole('cell', { name: 'Reported a side effect' }).closest('tr')!;
    expect(within(reported).getByRole('cell', { name: 'The patient' })).toBeInTheDocument();
    expect(within(reported).getByRole('cell', { name: 'How bad: Severe · Sent to the urgent clinical queue: Yes' })).toBeInTheDocument();
    expect(screen.getByText('Entries 1 to 50 of 120, page 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-29');

    await userEvent.type(screen.getByLabelText('Order number'), 'eh-7kq4-m2xp');
    await userEvent.type(screen.getByLabelText(/Patient/), 'Jo');
    await userEvent.selectOptions(screen.getByLabelText('Staff member'), 'Dr Ana Patel (Prescriber)');
    await userEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    const wanted = { orderNumber: 'eh-7kq4-m2xp', patient: 'Jo', staffId: PAGE.staff[0]!.id, from: '2026-10-29', to: '2026-11-28' };
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(wanted);
    expect(calls.filter((call) => call.path === '/shop-api/clinic/audit').length).toBeGreaterThanOrEqual(2);
    const csv = new URL(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!, 'http://localhost');
    expect(csv.pathname).toBe('/shop-api/clinic/audit.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual(wanted);

    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(new URLSearchParams(router.state.location.search).get('orderNumber')).toBe('eh-7kq4-m2xp');
  });

  it('is not offered to other staff, and says so when they open it', async () => {
    for (const member of [prescriber, supportMember]) {
      stubClinicApi({ 'GET /shop-api/clinic/me': [200, member], 'GET /shop-api/clinic/audit': [403, { code: 'FORBIDDEN', message: 'Your role does not allow this.' }] });
      const { unmount } = renderClinic('/clinic/audit');
      expect(await screen.findByText('Only admins can read the audit log.')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
