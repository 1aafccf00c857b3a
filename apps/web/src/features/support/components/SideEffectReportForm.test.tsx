import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { urgentContactLine, type SideEffectReportReply } from '@elmwood/domain';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { SideEffectReportForm } from './SideEffectReportForm';

const thread = { id: 't1', subject: 'Side effect report (severe)', status: 'awaiting_clinic', createdAt: '2026-11-28T10:00:00Z', updatedAt: '2026-11-28T10:00:00Z', messages: [] };
const reply = (contactBy: string | null): SideEffectReportReply => ({ thread: thread as SideEffectReportReply['thread'], urgent: contactBy !== null, contactBy });

afterEach(() => vi.unstubAllGlobals());

async function sendReport(severity: RegExp, answer: SideEffectReportReply) {
  const fetch = vi.fn(mockFetch({ '/shop-api/support/side-effects': { status: 201, body: answer } }));
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<SideEffectReportForm />);
  await userEvent.click(screen.getByRole('radio', { name: severity }));
  await userEvent.type(screen.getByLabelText('What happened?'), 'Sick all day since my dose');
  await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
  return fetch;
}

describe('SideEffectReportForm', () => {
  it('asks how bad it is and what happened before sending', async () => {
    const fetch = vi.fn(mockFetch({}));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SideEffectReportForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Please choose how bad it is.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('after a severe report says when a prescriber will phone, and links the MHRA Yellow Card scheme', async () => {
    const fetch = await sendReport(/^Severe/, reply('2026-11-29T10:00:00.000Z'));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(urgentContactLine(new Date('2026-11-29T10:00:00.000Z')));
    expect(screen.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toHaveAttribute('href', 'https://yellowcard.mhra.gov.uk/');
    const [, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ severity: 'severe', description: 'Sick all day since my dose' });
  });

  it('after a mild report says the team will reply, with the Yellow Card link too', async () => {
    await sendReport(/^Mild/, reply(null));
    expect(await screen.findByRole('status')).toHaveTextContent('Our clinical team will read your report');
    expect(screen.getByRole('link', { name: 'the MHRA Yellow Card scheme' })).toBeInTheDocument();
  });
});
