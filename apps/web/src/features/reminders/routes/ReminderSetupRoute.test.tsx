import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../../test/render';
import { Component } from './ReminderSetupRoute';

afterEach(() => vi.unstubAllGlobals());

describe('ReminderSetupRoute', () => {
  it('starts at 08:00 (SPEC §9 setup flow), weekly on WhatsApp, with the pre-chosen days offered as suggestions', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [] } }));
    const user = userEvent.setup();
    renderRoute({ path: '/account/reminders/setup', Component }, '/account/reminders/setup');
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('radio', { name: 'Every week' })).toBeChecked();
    expect(screen.getByLabelText('Hour')).toHaveValue('8');
    expect(screen.getByLabelText('Minutes')).toHaveValue('0');
    const days = screen.getByRole('group', { name: 'Days' });
    expect(days).toHaveAccessibleDescription('Monday, Thursday and Friday are suggestions: choose the days that suit you.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('WhatsApp, every Monday, Thursday and Friday at 08:00 (UK time)')).toBeInTheDocument();
  });
});
