import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_IN_RULES, type UrgentItem } from '@elmwood/domain';
import { testQueryClient } from '../../../test/render';
import { pharmacist, prescriber, renderClinic, stubClinicApi } from '../testing';
import { Component as ReviewsRoute } from './ReviewsRoute';

afterEach(() => vi.unstubAllGlobals());

const ID = '5b1f0c9e-2a7d-4c8e-9f10-1234567890ab';
const PLAN = '7c2e1d0f-3b8a-4d9e-8a21-0987654321ba';

const item = (overrides: Partial<UrgentItem> = {}): UrgentItem => ({
  id: ID,
  patient: { name: 'Robin Urgent', email: 'robin@example.com', phoneNumber: '07700900123' },
  reasons: [CHECK_IN_RULES.possiblePancreatitis.summary],
  openedAt: '2026-11-28T10:00:00.000Z',
  dueAt: '2026-11-29T10:00:00.000Z',
  overdue: false,
  owner: null,
  rules: [
    {
      ruleId: CHECK_IN_RULES.possiblePancreatitis.id,
      kind: 'flag',
      level: 'urgent',
      summary: CHECK_IN_RULES.possiblePancreatitis.summary,
      questionIds: ['ci_side_effects'],
      productCode: null,
      source: CHECK_IN_RULES.possiblePancreatitis.source,
      rationale: CHECK_IN_RULES.possiblePancreatitis.rationale,
    },
  ],
  answers: [{ question: 'Have you had any of these side effects?', answer: 'Severe stomach pain that does not go away' }],
  companion: { injections: [], missedSinceLastDelivery: [], diary: [] },
  plans: [
    {
      id: PLAN,
      product: 'Wegovy',
      state: 'suspended',
      stoppedByCheckIn: true,
      currentDose: '0.5 mg',
      restartDoses: [
        { variantCode: 'WEGOVY-0-25MG', dosage: '0.25 mg' },
        { variantCode: 'WEGOVY-0-5MG', dosage: '0.5 mg' },
      ],
    },
  ],
  actions: [],
  closed: null,
  ...overrides,
});

describe('the urgent clinical queue in the console', () => {
  it('shows the urgent items above the review queue, overdue marked', async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': [200, prescriber],
      'GET /shop-api/clinic/urgent': [200, { items: [{ ...item(), overdue: true }] }],
      'GET /shop-api/clinic/reviews': [200, { tab: 'ready', orders: [] }],
    });
    const router = createMemoryRouter([{ path: '/clinic/reviews', Component: ReviewsRoute }], { initialEntries: ['/clinic/reviews'] });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const urgent = await screen.findByRole('region', { name: 'Urgent: contact the patient' });
    // Above the review queue: the first region of the page.
    expect(screen.getAllByRole('region')[0]).toBe(urgent);
    expect(await within(urgent).findByRole('link', { name: 'Robin Urgent' })).toHaveAttribute('href', `/clinic/urgent/${ID}`);
    expect(within(urgent).getByText('Overdue')).toBeInTheDocument();
    expect(within(urgent).getByText(CHECK_IN_RULES.possiblePancreatitis.summary)).toBeInTheDocument();
  });

  it('shows the rule with its source and the answers in words, and records a restart at the dose chosen', async () => {
    const calls = stubClinicApi({
      'GET /shop-api/clinic/me': [200, prescriber],
      [`GET /shop-api/clinic/urgent/${ID}`]: [200, item()],
      [`POST /shop-api/clinic/urgent/${ID}/own`]: [200, item({ owner: { name: 'Dr Ana Patel' } })],
      [`POST /shop-api/clinic/urgent/${ID}/actions`]: [200, item({ actions: [{ action: 'Restarted the plan', by: 'Dr Ana Patel', note: 'Restart lower', at: '2026-11-28T11:00:00.000Z' }] })],
    });
    renderClinic(`/clinic/urgent/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent: Robin Urgent' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why' })).toHaveTextContent(`Source: ${CHECK_IN_RULES.possiblePancreatitis.source}`);
    expect(screen.getByRole('region', { name: 'What the patient told us' })).toHaveTextContent('Severe stomach pain that does not go away');
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveTextContent('Wegovy: On hold after the check-in, last supplied 0.5 mg');

    await userEvent.click(screen.getByRole('button', { name: 'Take this item' }));
    expect(await screen.findByText('You own this item now.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Take this item' })).not.toBeInTheDocument();

    const record = screen.getByRole('region', { name: 'Record what you did' });
    await userEvent.click(within(record).getByRole('button', { name: 'Record' }));
    expect(within(record).getByRole('alert')).toHaveTextContent('Write a note of what was said or done.');
    await userEvent.click(within(record).getByLabelText('Restarted the plan'));
    await userEvent.selectOptions(within(record).getByLabelText('Restart at'), '0.25 mg');
    await userEvent.type(within(record).getByLabelText('Note'), 'Restart lower');
    await userEvent.click(within(record).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Recorded: Restarted the plan.')).toHaveAttribute('role', 'status');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/shop-api/clinic/urgent/${ID}/own`, body: {} },
      { method: 'POST', path: `/shop-api/clinic/urgent/${ID}/actions`, body: { action: 'restarted_plan', note: 'Restart lower', planId: PLAN, variantCode: 'WEGOVY-0-25MG' } },
    ]);
  }, 20_000);

  it('lets a pharmacist read the item but not act on it', async () => {
    stubClinicApi({ 'GET /shop-api/clinic/me': [200, pharmacist], [`GET /shop-api/clinic/urgent/${ID}`]: [200, item()] });
    renderClinic(`/clinic/urgent/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent: Robin Urgent' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Record what you did' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this item' })).not.toBeInTheDocument();
  });
});
