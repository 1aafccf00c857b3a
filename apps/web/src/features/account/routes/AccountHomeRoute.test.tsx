import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountHome, Task, WeightLogs } from '@elmwood/domain';
import { mockFetch, renderRoute } from '../../../test/render';
import { makeTask } from '../../../test/tasks';
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
    activeTreatments: [{ subscriptionId: 'sub-9', productCode: 'WEGOVY', title: 'Wegovy 0.25 mg', subtitle: 'Monthly', image: null, nextDeliveryDate: '2026-12-10' }],
    recommendedTreatments: [],
    latestOrders: [],
    appointments: [],
    ...overrides,
  };
}

const point = (measuredAt: string, weightKg: number, source: 'patient' | 'consultation' = 'patient') => ({
  id: `00000000-0000-4000-8000-${String(weightKg * 10).padStart(12, '0')}`,
  measuredAt,
  weightKg,
  unit: 'kg' as const,
  heightCm: 180,
  bmi: null,
  source,
});
const weights = (overrides: Partial<WeightLogs> = {}): WeightLogs => ({
  points: [point('2026-09-01T09:00:00Z', 100, 'consultation'), point('2026-11-01T09:00:00Z', 92.4)],
  goalWeightKg: 80,
  startingWeightKg: 100,
  startingDate: '2026-09-01T09:00:00Z',
  endingDate: '2026-11-01T09:00:00Z',
  heightCm: 180,
  preferredUnit: 'st-lbs',
  imperial: true,
  ...overrides,
});

const eightCritical = Array.from({ length: 8 }, (_, index) => makeTask({ code: `critical-${index}` }));

const open = (data: AccountHome, weightLogs: WeightLogs = weights(), tasks: Task[] = eightCritical) => {
  vi.stubGlobal('fetch', mockFetch({ '/shop-api/account/home': { body: data }, '/shop-api/weight-logs': { body: weightLogs }, '/shop-api/tasks': { body: tasks } }));
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
    expect(await screen.findByRole('region', { name: 'Your tasks' })).toHaveTextContent('You have 7+ tasks to complete before we can send your treatment.');
    expect(screen.getByRole('link', { name: 'Go to my tasks' })).toHaveAttribute('href', '/account/health-actions');
    expect(screen.getByRole('link', { name: 'Wegovy 0.25 mg' })).toHaveAttribute('href', '/account/plan/sub-9');
    expect(screen.getByText('Next delivery 10 Dec. 2026')).toBeInTheDocument();
  });

  it('never recommends a second medicine of the class the patient is on, even if the server offers it', async () => {
    const treatment = (code: string, title: string) => ({ code, slug: title.toLowerCase(), title, subtitle: `About ${title}`, image: null, consultationSlug: 'weight-loss' });
    open(
      home({
        activeTreatments: [{ subscriptionId: 'sub-9', productCode: 'MOUNJARO', title: 'Mounjaro 2.5 mg', subtitle: 'Monthly', image: null, nextDeliveryDate: '2026-12-10' }],
        recommendedTreatments: [treatment('WEGOVY', 'Wegovy'), treatment('DAILY-MULTIVITAMIN', 'Daily multivitamin')],
      }),
    );
    const recommended = await screen.findByRole('region', { name: 'Recommended for you' });
    expect(within(recommended).getByText('Daily multivitamin')).toBeInTheDocument();
    expect(within(recommended).queryByText('Wegovy')).not.toBeInTheDocument();
  });

  it('after dispatch, calls the open optional tasks optional rather than holding the treatment up', async () => {
    const optional = [makeTask({ code: 'provide-gp-information', name: 'Add your GP', isCritical: false }), makeTask({ code: 'voy-weight-tracking-reminder-set-up', name: 'Set up reminders', isCritical: false })];
    open(home(), weights(), optional);
    const card = await screen.findByRole('region', { name: 'Your tasks' });
    expect(card).toHaveTextContent('You have 2 optional tasks, to do when it suits you.');
    expect(card).not.toHaveTextContent(/before we can send/);
  });

  it('shows no tasks card with nothing open', async () => {
    open(home(), weights(), []);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your weight' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your tasks' })).toBeNull();
  });

  it('shows the latest weight and the change since the start in the patient’s unit', async () => {
    open(home());
    const card = await screen.findByRole('region', { name: 'Your weight' });
    expect(within(card).getByText('Latest weight').nextElementSibling).toHaveTextContent('14 st 8 lb');
    expect(card).toHaveTextContent('Since you startedDown 1 st 3 lb (7.6%)');
    expect(card).toHaveTextContent('Goal weight12 st 8 lb');
    expect(within(card).getByRole('link', { name: 'See your progress' })).toHaveAttribute('href', '/account/progress');
  });

  it('asks for a weight while only the consultation’s is there', async () => {
    open(home(), weights({ points: [point('2026-09-01T09:00:00Z', 100, 'consultation')], preferredUnit: 'kg', imperial: false }));
    const card = await screen.findByRole('region', { name: 'Your weight' });
    expect(card).toHaveTextContent('You started at 100 kg, aiming for 80 kg. Log your weight to see your progress.');
    expect(within(card).queryByText('Latest weight')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Log your weight' })).toBeInTheDocument();
  });

  it('shows no weight card to a patient without any weight (no weight-loss consultation)', async () => {
    const answered = vi.fn();
    const fetch = mockFetch({ '/shop-api/account/home': { body: home() }, '/shop-api/weight-logs': { body: weights({ points: [], goalWeightKg: null, startingWeightKg: null, startingDate: null, endingDate: null, heightCm: null }) } });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const response = await fetch(input);
      if (String(input).includes('/shop-api/weight-logs')) answered();
      return response;
    });
    renderRoute({ path: '/account/home', Component }, '/account/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    await waitFor(() => expect(answered).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Your weight' })).toBeNull();
  });

  it("lists its cards in SPEC's order, appointments only when there are any", async () => {
    const appointment: AccountHome['appointments'][number] = {
      id: '6f1c1f43-0b7e-4a52-9d54-3c1f0f1d2a11',
      img: '/images/coaches/amara.svg',
      name: 'Call with Amara Okafor',
      date: '2026-12-01T10:00:00.000Z',
      type: 'upcoming',
      attended: null,
      details: 'A 20-minute phone call.',
      time_start: '2026-12-01T10:00:00.000Z',
      time_end: '2026-12-01T10:20:00.000Z',
      status: 'booked',
      no_show: false,
      external_id: null,
      can_change: true,
      doctor: { id: 'amara-okafor', firstname: 'Amara', lastname: 'Okafor', channel: 'WEB_WL_UK' },
      event_data: { cancel_url: '', reschedule_url: '', location: 'Phone call', event_type: 'Coach call', invitee_id: null },
    };
    const { unmount } = open(home({ appointments: [appointment] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your weight' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your tasks' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Your progress',
      'Your weight',
      'Your treatments',
      'Appointments',
      'Your tasks',
      'Order history',
      'Resources',
      'Contact us',
      'Feeling unwell?',
      'Frequently asked questions',
    ]);
    unmount();

    open(home());
    expect(await screen.findByRole('heading', { level: 2, name: 'Your weight' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Appointments' })).not.toBeInTheDocument();
  });

  it('offers no app, QR code or store link while there is no app', async () => {
    open(home());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\bapp\b/i)).not.toBeInTheDocument();
  });
});
