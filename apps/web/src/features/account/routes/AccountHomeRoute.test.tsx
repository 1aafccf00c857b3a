import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountHome } from '@elmwood/domain';
import { mockFetch, renderRoute } from '../../../test/render';
import { Component } from './AccountHomeRoute';

function home(overrides: Partial<AccountHome> = {}): AccountHome {
  return {
    firstName: 'Alex',
    progress: [
      { id: 'consultation', title: 'Consultation completed', status: 'completed' },
      { id: 'order', title: 'Order placed', status: 'completed' },
      { id: 'verification', title: 'Verify your details', status: 'active' },
      { id: 'review', title: 'Clinician review', status: 'upcoming' },
      { id: 'dispatch', title: 'Treatment dispatched', status: 'upcoming' },
    ],
    goals: { goalWeightKg: 80, startingWeightKg: 100 },
    activeTreatments: [{ subscriptionId: 'sub-9', title: 'Wegovy 0.25 mg', subtitle: 'Monthly', image: null, nextDeliveryDate: '2026-12-10' }],
    recommendedTreatments: [],
    latestOrders: [],
    appointments: [],
    openTaskCount: 8,
    ...overrides,
  };
}

const open = (data: AccountHome) => {
  vi.stubGlobal('fetch', mockFetch({ '/shop-api/account/home': { body: data } }));
  return renderRoute({ path: '/account/home', Component }, '/account/home');
};

afterEach(() => vi.unstubAllGlobals());

describe('AccountHomeRoute', () => {
  it('shows progress, goals, tasks and treatments, each linking on', async () => {
    open(home());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Your progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Consultation completedCompleted',
      'Order placedCompleted',
      'Verify your detailsIn progress',
      'Clinician reviewUpcoming',
      'Treatment dispatchedUpcoming',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('region', { name: 'Your tasks' })).toHaveTextContent('You have 7+ tasks to complete');
    expect(screen.getByRole('link', { name: 'Go to my tasks' })).toHaveAttribute('href', '/account/health-actions');
    expect(screen.getByRole('region', { name: 'Your goals' })).toHaveTextContent('Goal weight80 kg');
    expect(screen.getByRole('link', { name: 'Wegovy 0.25 mg' })).toHaveAttribute('href', '/account/plan/sub-9');
    expect(screen.getByText('Next delivery 10 Dec. 2026')).toBeInTheDocument();
  });

  it('offers no app, QR code or store link while there is no app', async () => {
    open(home());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\bapp\b/i)).not.toBeInTheDocument();
  });
});
