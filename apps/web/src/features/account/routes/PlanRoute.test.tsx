import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderTimeline, type SubscriptionView } from '@elmwood/domain';
import { makeSubscription } from '../../../test/fixtures';
import { mockFetch, renderRoute } from '../../../test/render';
import { Component } from './PlanRoute';

const plan = makeSubscription;

const open = (view: SubscriptionView) => {
  vi.stubGlobal('fetch', mockFetch({ '/shop-api/subscriptions/sub-1': { body: view } }));
  return renderRoute({ path: '/account/plan/:subscriptionId', Component }, '/account/plan/sub-1');
};

afterEach(() => vi.unstubAllGlobals());

describe('PlanRoute', () => {
  it('offers the four quick actions and shows where the order is', async () => {
    open(plan());
    expect(await screen.findByRole('heading', { level: 1, name: 'Wegovy' })).toBeInTheDocument();
    expect(screen.getByText(/£199.00 for a month at your current dose · Next delivery 10 Dec. 2026/)).toBeInTheDocument();
    expect(screen.queryByText(/every month/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update delivery address' })).toHaveAttribute('href', '/account/details/change/shipping-address');
    expect(screen.getByRole('link', { name: 'Update payment method' })).toHaveAttribute('href', '/account/details/change/billing-method');
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account/home');

    await userEvent.click(screen.getByRole('button', { name: 'Where is my order' }));
    const steps = within(screen.getByRole('dialog', { name: 'Where is my order' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Order placed (done)',
      'Waiting for your tasks (done)',
      'In clinical review (done)',
      'Approved (done)',
      'Dispatched (now)',
      'Delivered (to come)',
    ]);
  });

  it("gives the clinician's reason for a rejected order", async () => {
    open(plan({ order: { number: '000123', state: 'rejected', timeline: orderTimeline('rejected', 'Your BMI is below the range for this treatment.') } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Where is my order' }));
    const dialog = screen.getByRole('dialog', { name: 'Where is my order' });
    expect(dialog).toHaveTextContent('Not approved');
    expect(dialog).toHaveTextContent('Your BMI is below the range for this treatment.');
  });

  it('says so when the plan is not the patient’s', async () => {
    vi.stubGlobal('fetch', mockFetch({}));
    renderRoute({ path: '/account/plan/:subscriptionId', Component }, '/account/plan/someone-else');
    expect(await screen.findByRole('heading', { name: "We couldn't find that plan" })).toBeInTheDocument();
  });
});
