import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewQueue } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { ReviewQueueTable } from './ReviewQueueTable';

const order = (orderNumber: string, isRenewal: boolean, urgent = false): ReviewQueue['orders'][number] => ({
  orderNumber,
  state: 'in_review',
  patient: { name: 'Alex Smith' },
  products: ['Wegovy'],
  total: 14900,
  placedAt: '2026-12-13T10:00:00.000Z',
  waitingSince: '2026-12-13T10:00:00.000Z',
  waitingMinutes: 30,
  isRenewal,
  urgent,
});

describe('ReviewQueueTable', () => {
  it('marks a plan’s renewal as Renewal, and a first order not', async () => {
    renderWithProviders(<ReviewQueueTable queue={{ tab: 'ready', orders: [order('EH-RENE-WAL1', true), order('EH-FIRS-T001', false)] }} />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Renewal')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('Renewal')).toBeNull();
  });

  it('marks an order a rule asks a clinician to see today as Urgent, and others not', async () => {
    renderWithProviders(<ReviewQueueTable queue={{ tab: 'ready', orders: [order('EH-URGE-NT01', true, true), order('EH-CALM-0001', true)] }} />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Urgent')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('Urgent')).toBeNull();
  });
});
