import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INJECTION_REMINDER } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { InjectionReminderForm } from './InjectionReminderForm';

afterEach(() => vi.unstubAllGlobals());

describe('InjectionReminderForm', () => {
  it('turns the injection-day reminder on for the chosen day, time and channel, and says what it saved', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return Response.json({ reminder: body, isSaved: true, nextReminderAt: '2027-03-25T19:00:00.000Z' });
      }
      return Response.json({ reminder: DEFAULT_INJECTION_REMINDER, isSaved: false, nextReminderAt: null });
    });
    renderWithProviders(<InjectionReminderForm />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remind me on my injection day' }));
    await userEvent.selectOptions(screen.getByLabelText('Day of your weekly dose'), 'Thursday');
    await userEvent.selectOptions(screen.getByLabelText('Hour'), '19');
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(await screen.findByText('Saved: Email, every Thursday at 19:00 (UK time).')).toBeInTheDocument();
    expect(sent).toEqual([{ isEnabled: true, selectedChannel: 'email', day: 'thursday', hours: 19, minutes: 0 }]);
  });
});
