import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderView, Task } from '@elmwood/domain';
import { makeWegovy } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { markTaskCompleted } from '../../tasks/api';
import { Component as ThankYouRoute } from './ThankYouRoute';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    number: '000123',
    state: 'awaiting_patient',
    consultationSlug: 'weight-loss',
    createdAt: '2026-11-23T10:00:00Z',
    customer: { firstName: 'Sam', email: 'sam@example.com' },
    items: [
      {
        productCode: 'WEGOVY',
        productSlug: 'wegovy',
        productName: 'Wegovy',
        variantCode: 'WEGOVY-0-25MG',
        variantName: '0.25 mg',
        dosage: '0.25 mg',
        frequency: 30,
        quantity: 1,
        unitPrice: 14900,
        total: 14900,
        image: null,
      },
    ],
    totals: { subtotal: 14900, discount: 0, shipping: 0, credit: 0, total: 14900 },
    shippingAddress: { firstName: 'Sam', lastName: 'Lee', company: '1 Elm Row', street: '', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB', phoneNumber: '07700900123' },
    billingAddress: { firstName: 'Sam', lastName: 'Lee', company: '1 Elm Row', street: '', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB', phoneNumber: '07700900123' },
    hasBooking: false,
    subscription: null,
    thankYou: {
      nextSteps: [
        { title: 'Order placed', subtitle: 'We have your order', actionNeeded: false },
        { title: 'Consultation answered', subtitle: '', actionNeeded: false },
        { title: 'Upload your photo ID', subtitle: 'Needed before we prescribe', actionNeeded: true },
        { title: 'Clinician review', subtitle: 'Within 24 hours', actionNeeded: false },
      ],
      infoBox: { doctorsImg: null, title: 'Our clinicians need two photos', subtitle: 'It takes two minutes.', ctaText: 'Upload your photos', alertBoxText: null },
    },
    experiments: {},
    ...overrides,
  };
}

function makeTask(id: string, name: string, isCritical: boolean, state: Task['state'] = 'open'): Task {
  return {
    id,
    taskType: 'upload-photo',
    taskDefinition: { code: `code-${id}`, name, image: null, description: '', isCritical, isReminder: false, safetyCheck: false },
    badge: null,
    state,
    orderNumber: '000123',
    details: { configuration: {} },
    createdAt: '2026-11-23T10:00:00Z',
    completedAt: null,
  };
}

const critical = [makeTask('t1', 'Upload your photo ID', true), makeTask('t2', 'Upload a weight check photo', true), makeTask('t3', 'Provide GP information', false)];
const routine = [makeTask('t3', 'Provide GP information', false), makeTask('t4', 'Set up weight tracking reminders', false)];

function fakeApi({ order = makeOrder(), tasks = critical as Task[] | null } = {}) {
  const events: unknown[] = [];
  const state = { tasks };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/shop-api/orders/000123') return json(200, order);
    if (path === '/shop-api/orders/000123/tasks') return state.tasks ? json(200, state.tasks) : json(500, { code: 'INTERNAL', message: 'Down' });
    if (path === '/shop-api/products/by-slug/wegovy') return json(200, makeWegovy());
    if (path === '/shop-api/analytics-events') {
      events.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }
    return json(404, { code: 'NOT_FOUND', message: path });
  });
  return {
    events,
    /** What the server answers from now on, as after a task is done elsewhere. */
    setTasks: (next: Task[]) => {
      state.tasks = next;
    },
  };
}

function LoginStub() {
  const [search] = useSearchParams();
  return <p>{`Log in, then ${search.get('next')}`}</p>;
}

const renderThankYou = (query = '') => renderRoute({ path: '/n/:slug/order/complete/:orderNumber', Component: ThankYouRoute }, `/n/weight-loss/order/complete/000123${query}`);

describe('thank-you page', () => {
  it('with critical tasks open: almost done, the steps with those needing action, and the way to the first task', async () => {
    fakeApi();
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1, name: 'Almost done, Sam, one more step before you can get your order' })).toBeInTheDocument();
    expect(screen.queryByText(/emailed your order confirmation/)).not.toBeInTheDocument();
    const module = screen.getByRole('region', { name: 'What happens next?' });
    const steps = within(module).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Order placed (done)');
    expect(steps[1]).toHaveTextContent('Consultation answered (done)');
    expect(steps[2]).toHaveTextContent('Upload your photo ID');
    expect(steps[2]).not.toHaveTextContent('(done)');
    expect(within(steps[2]!).getByText('Action Needed')).toBeInTheDocument();
    expect(steps[3]).not.toHaveTextContent('(done)');
    const tasks = within(module).getByRole('list', { name: 'Tasks to complete' });
    expect(within(tasks).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Upload your photo ID Action Needed',
      'Upload a weight check photo Action Needed',
    ]);
    expect(within(module).getByRole('link', { name: 'Upload your photos' })).toHaveAttribute('href', '/account/health-actions?taskId=t1');
    expect(screen.queryByRole('heading', { name: "What's next" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit your account' })).toHaveAttribute('href', '/account/home');
  });

  it('drops each photo from what needs action as soon as it is uploaded, without a reload', async () => {
    const api = fakeApi();
    const { client } = renderThankYou();
    const tasksToComplete = async () =>
      within(await screen.findByRole('list', { name: 'Tasks to complete' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(await tasksToComplete()).toEqual(['Upload your photo ID Action Needed', 'Upload a weight check photo Action Needed']);

    // The ID photo is uploaded (the upload page marks its task done in the same query cache).
    api.setTasks([critical[1]!, critical[2]!]);
    act(() => markTaskCompleted(client, critical[0]!));
    await vi.waitFor(async () => expect(await tasksToComplete()).toEqual(['Upload a weight check photo Action Needed']));

    // Then the full-length photo: nothing critical is left, so the page says thanks instead of 'Almost done'.
    api.setTasks([critical[2]!]);
    act(() => markTaskCompleted(client, critical[1]!));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks for your order, Sam' })).toBeInTheDocument();
    expect(screen.queryByText('Action Needed')).toBeNull();
  });

  it('without critical tasks: thanks, the email note, what is next and the thank-you template with the dose plan', async () => {
    fakeApi({ tasks: routine });
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks for your order, Sam' })).toBeInTheDocument();
    expect(screen.getByText("We've emailed your order confirmation to sam@example.com.")).toBeInTheDocument();
    const next = screen.getByRole('region', { name: "What's next" });
    expect(next).toHaveTextContent('2 tasks to help your treatment along');
    expect(next).toHaveTextContent('Provide GP information');
    expect(within(next).getByRole('link', { name: 'Continue your journey to health actions' })).toHaveAttribute('href', '/account/health-actions');
    expect(screen.getByRole('region', { name: 'What happens next' })).toBeInTheDocument();
    // Nothing that leads nowhere: no app banners, and no referral card until patients have a link to share.
    expect(screen.queryByText(/our app|22%/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refer a friend' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Wegovy: your dosage per month' });
    expect(within(table).getByRole('columnheader', { name: 'Month' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Month 1' })).toBeInTheDocument();
  });

  it('with a booking: all set', async () => {
    fakeApi({ order: makeOrder({ hasBooking: true }), tasks: routine });
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1, name: "Thank you, Sam, you're all set" })).toBeInTheDocument();
    expect(screen.queryByText(/emailed your order confirmation/)).not.toBeInTheDocument();
  });

  it('shows seven or more tasks as 7+', async () => {
    fakeApi({ tasks: Array.from({ length: 8 }, (_, index) => makeTask(`r${index}`, `Task ${index}`, false)) });
    renderThankYou();
    expect(await screen.findByRole('region', { name: "What's next" })).toHaveTextContent('7+ tasks');
  });

  it('when the tasks fail to load: a Start your journey button', async () => {
    fakeApi({ tasks: null });
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks for your order, Sam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your journey' })).toHaveAttribute('href', '/account/health-actions');
  });
});

describe('who may see it', () => {
  it('someone else’s order (or none) is not found', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'No such order' }), { status: 404 }));
    renderThankYou();
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(/Sam/);
    expect(screen.queryByText('Order number 000123')).not.toBeInTheDocument();
  });

  it('a signed-out visitor is sent to log in and back', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Log in' }), { status: 401 }));
    renderRoute({ path: '*', Component: () => <Routes><Route path="/n/:slug/order/complete/:orderNumber" Component={ThankYouRoute} /><Route path="/login" Component={LoginStub} /></Routes> }, '/n/weight-loss/order/complete/000123');
    expect(await screen.findByText(`Log in, then ${'/n/weight-loss/order/complete/000123'}`)).toBeInTheDocument();
  });
});

describe('the critical-tasks experiment', () => {
  afterEach(() => window.sessionStorage.clear());

  it('the web bucket goes through the tasks here, with no QR code or store link', async () => {
    fakeApi({ order: makeOrder({ experiments: { 'critical-tasks-thank-you': 'web' } }) });
    renderThankYou('?variant=app');
    expect(await screen.findByRole('list', { name: 'Tasks to complete' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue on web' })).not.toBeInTheDocument();
  });

  it('the app bucket offers the app with SPEC’s three steps; Continue on web shows the tasks and is remembered for the session', async () => {
    fakeApi({ order: makeOrder({ experiments: { 'critical-tasks-thank-you': 'app' } }) });
    const first = renderThankYou('');
    const steps = await screen.findByRole('list', { name: 'Steps to finish in the app' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent?.replace('☐', '').trim())).toEqual(['Complete assessment', 'Verify your identity', 'Add a full-length photo']);
    expect(screen.getByRole('img', { name: 'QR code that opens the app’s install page on your phone' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Tasks to complete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue on web' }));
    expect(await screen.findByRole('list', { name: 'Tasks to complete' })).toBeInTheDocument();
    first.unmount();

    renderThankYou('');
    expect(await screen.findByRole('list', { name: 'Tasks to complete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue on web' })).not.toBeInTheDocument();
  });
});
