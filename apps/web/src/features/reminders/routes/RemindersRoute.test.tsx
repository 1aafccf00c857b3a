import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS } from '@elmwood/domain';
import { renderRoute } from '../../../test/render';
import { Component } from './RemindersRoute';

function stubApi() {
  const saves: unknown[] = [];
  let release: () => void = () => undefined;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/shop-api/account/reminders' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as typeof DEFAULT_REMINDER_SETTINGS;
      saves.push(body);
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, { settings: body, nextReminderAt: '2027-03-30T06:30:00.000Z', completedTask: null });
    }
    if (path === '/shop-api/account/reminders') return json(200, { settings: DEFAULT_REMINDER_SETTINGS, isSaved: false, nextReminderAt: null });
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return { saves, release: () => release() };
}

afterEach(() => vi.unstubAllGlobals());

describe('RemindersRoute', () => {
  it('starts from SPEC §9 defaults, disables Save with no day, and shows a loading Save while saving', async () => {
    const api = stubApi();
    renderRoute({ path: '/account/reminders', Component }, '/account/reminders');
    expect(await screen.findByRole('switch', { name: 'Reminders on' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Every week' })).toBeChecked();
    expect(screen.getAllByRole('checkbox', { checked: true }).map((box) => (box as HTMLInputElement).labels![0]!.textContent)).toEqual(['Monday', 'Thursday', 'Friday']);
    expect(screen.getByLabelText('Hour')).toHaveValue('9');
    expect(screen.getByLabelText('Minutes')).toHaveValue('30');
    // Days nobody chose yet are SPEC's suggestion, and say so.
    expect(screen.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription('Monday, Thursday and Friday are suggestions: choose the days that suit you.');

    for (const day of ['Monday', 'Thursday', 'Friday']) await userEvent.click(screen.getByRole('checkbox', { name: day }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one day per week');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    api.release();
    expect(await screen.findByText(/Your reminder is saved\. The next one is on Tuesday/)).toBeInTheDocument();
    expect(screen.queryByText(/are suggestions/)).toBeNull();
    expect(api.saves).toEqual([{ ...DEFAULT_REMINDER_SETTINGS, selectedChannel: 'email', selectedDays: ['tuesday'], hours: 7 }]);
  });

  it('offers a frequency instead of days for monthly reminders, and hides everything when turned off', async () => {
    stubApi();
    renderRoute({ path: '/account/reminders', Component }, '/account/reminders');
    await userEvent.click(await screen.findByRole('radio', { name: 'Every 2 months' }));
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Reminders on' }));
    expect(within(screen.getByRole('form', { name: 'Reminder settings' })).queryByRole('radio')).toBeNull();
  });
});
