import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../../test/tasks';
import { renderWithProviders } from '../../../test/render';
import { HealthActions } from './HealthActions';

type Reply = { status: number; body: unknown };

/** GET /shop-api/tasks (open or ?state=completed) and the analytics endpoint, recording what was sent. */
function stubApi({ open, completed = { status: 200, body: [] } }: { open: Reply | (() => Promise<never>); completed?: Reply }) {
  const analytics: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/shop-api/analytics-events') {
      analytics.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }
    const reply = url.searchParams.get('state') === 'completed' ? completed : open;
    if (typeof reply === 'function') return reply();
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return analytics;
}

afterEach(() => vi.unstubAllGlobals());

describe('HealthActions', () => {
  it('counts the open tasks and shows each with its badge, Required by default', async () => {
    const analytics = stubApi({
      open: {
        status: 200,
        body: [makeTask(), makeTask({ code: 'provide-gp-information', name: 'Tell us about your GP', isCritical: false, taskType: 'gp-info', badge: 'Optional' })],
      },
    });
    renderWithProviders(<HealthActions />);
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(screen.getByText('tasks to complete')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Your tasks' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Required')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/account/upload/upload-photo-id?taskId=task-voy-wl-upload-photo-id');
    expect(within(cards[1]!).getByText('Optional')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'Tell us about your GP' })).toHaveAttribute('href', '/account/gp-information?taskId=task-provide-gp-information');
    await waitFor(() => expect(analytics).toHaveLength(2));
    expect(analytics[0]).toEqual({ eventName: 'Task Shown', data: { task_id: 'task-voy-wl-upload-photo-id', task_code: 'voy-wl-upload-photo-id', task_name: 'Verify your identity', experiments: {} } });

    await userEvent.click(screen.getByRole('link', { name: 'Tell us about your GP' }));
    await waitFor(() => expect(analytics).toHaveLength(3));
    expect(analytics[2]).toMatchObject({ eventName: 'Task Selected', data: { task_code: 'provide-gp-information' } });
  });

  it("reads '7+' from seven tasks", async () => {
    stubApi({ open: { status: 200, body: Array.from({ length: 7 }, (_, index) => makeTask({ id: `t${index}` })) } });
    renderWithProviders(<HealthActions />);
    expect(await screen.findByText('7+')).toBeInTheDocument();
  });

  it("says 'You are all set' when every task is done", async () => {
    stubApi({ open: { status: 200, body: [] }, completed: { status: 200, body: [makeTask({ state: 'completed' })] } });
    renderWithProviders(<HealthActions />);
    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit your account' })).toHaveAttribute('href', '/account/home');
  });

  it("says 'No tasks at the moment' when there never were any", async () => {
    stubApi({ open: { status: 200, body: [] } });
    renderWithProviders(<HealthActions />);
    expect(await screen.findByRole('heading', { name: 'No tasks at the moment' })).toBeInTheDocument();
  });

  it('shows a loading state, then the load error in the spec’s words', async () => {
    stubApi({ open: { status: 503, body: { code: 'UNAVAILABLE', message: 'Service unavailable' } } });
    renderWithProviders(<HealthActions />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your tasks');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading tasks (Service unavailable). Please reload page to try again.');
  });
});
