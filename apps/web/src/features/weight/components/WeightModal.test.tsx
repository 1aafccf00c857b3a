import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WeightModal, type WeightModalProps } from './WeightModal';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch that records each call and answers the weight routes; `failLog` makes the save answer 500. */
function api({ failLog = false } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    const json = (status: number, payload: unknown) => new Response(status === 204 ? null : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.startsWith('/shop-api/weight-logs')) {
      if (failLog) return json(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
      return json(201, { id: '00000000-0000-4000-8000-000000000001', measuredAt: new Date().toISOString(), weightKg: 90, goalWeightKg: null, heightCm: null, bmi: null, unit: 'kg', source: 'patient' });
    }
    if (url.pathname === '/shop-api/me/preferences') return json(200, body);
    if (url.pathname === '/shop-api/analytics-events') return json(204, null);
    return json(404, { code: 'NOT_FOUND', message: url.pathname });
  });
  return calls;
}

const open = (props: Partial<WeightModalProps> = {}) => {
  const onOpenChange = vi.fn();
  renderWithProviders(<WeightModal mode="log" open onOpenChange={onOpenChange} preferredUnit="kg" heightKnown {...props} />);
  return onOpenChange;
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('WeightModal', () => {
  it('names each mode as SPEC §4 does', () => {
    api();
    open({ mode: 'goal' });
    expect(screen.getByRole('dialog', { name: 'Set your goal weight' })).toBeInTheDocument();
  });

  it('keeps submit disabled while a required field is empty or an error shows, and asks the height only when unknown', async () => {
    api();
    open({ heightKnown: false });
    const save = screen.getByRole('button', { name: 'Save weight' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '445');
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), '180');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveAccessibleDescription("This doesn't look right, enter your weight in kg");
    expect(save).toBeDisabled();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Weight in kg' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '90');
    expect(save).toBeEnabled();
  });

  it('opens in stone when the patient chose stone (preferredUnit), logs, saves the preference, reports the event and forgets the key', async () => {
    const calls = api();
    window.localStorage.setItem('preferredUnit', 'st-lbs');
    const onOpenChange = open();
    expect(screen.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in stone' }), '14');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in lbs' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save weight' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(calls.find((call) => call.path === '/shop-api/weight-logs')).toEqual({
      method: 'POST',
      path: '/shop-api/weight-logs',
      body: {
        items: [
          { type: 'weight', unit: 'stone', value: 14, isTargetWeight: false },
          { type: 'weight', unit: 'lbs', value: 2, isTargetWeight: false },
        ],
      },
    });
    expect(calls.find((call) => call.path === '/shop-api/me/preferences')?.body).toEqual({ weightUnit: 'st-lbs' });
    await waitFor(() => expect(calls.find((call) => call.path === '/shop-api/analytics-events')?.body).toMatchObject({
      eventName: 'Tracking - Goal Action Completed',
      data: { category: 'Weight loss', action: 'Log weight' },
    }));
    expect(window.localStorage.getItem('preferredUnit')).toBeNull();
  });

  it('sends a goal as target weights with the action Add goal weight', async () => {
    const calls = api();
    open({ mode: 'goal', goalKg: 80 });
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveValue('80');
    expect(screen.queryByLabelText('Date weighed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/shop-api/analytics-events')).toBe(true));
    expect(calls.find((call) => call.path === '/shop-api/weight-logs')?.body).toEqual({ items: [{ type: 'weight', unit: 'kg', value: 80, isTargetWeight: true }] });
    expect(calls.find((call) => call.path === '/shop-api/analytics-events')?.body).toMatchObject({ data: { action: 'Add goal weight' } });
  });

  it('shows a failed save under the form, logs it without the values, and stays open', async () => {
    api({ failLog: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onOpenChange = open();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save weight' }));
    expect(await screen.findByText('We could not save your weight. Please try again.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Weight submit failed', '500 INTERNAL_ERROR');
    expect(JSON.stringify(logged.mock.calls)).not.toContain('90');
    expect(onOpenChange).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
