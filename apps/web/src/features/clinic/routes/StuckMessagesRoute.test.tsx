import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUCK_MESSAGE_TWICE_WARNING, type StuckMessage } from '@elmwood/domain';
import { adminMember, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const MESSAGES: StuckMessage[] = [
  { id: 7, template: 'order-placed', channel: 'email', claimedAt: '2026-11-24T10:00:00Z', patient: { name: 'Jo Reed' }, recipient: 'j•••@example.com' },
  { id: 9, template: 'order-dispatched', channel: 'sms', claimedAt: '2026-11-24T10:05:00Z', patient: { name: 'Sam Hill' }, recipient: '•••• 123' },
];

describe('stuck messages in the console', () => {
  it('lists them with masked addresses; send again warns of a second copy first, mark as sent acts at once, each once', async () => {
    let settled: number[] = [];
    const calls = stubClinicApi({
      'GET /shop-api/clinic/me': [200, adminMember],
      'GET /shop-api/clinic/messages': () => [200, { messages: MESSAGES.filter((message) => !settled.includes(message.id)) }],
      'POST /shop-api/clinic/messages/7/send-again': () => {
        settled = [...settled, 7];
        return [200, { id: 7, status: 'queued' }];
      },
      'POST /shop-api/clinic/messages/9/mark-sent': () => {
        settled = [...settled, 9];
        return [200, { id: 9, status: 'sent' }];
      },
    });
    renderClinic('/clinic/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stuck messages' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stuck messages' })).toHaveAttribute('href', '/clinic/messages');
    const jo = (await screen.findByRole('cell', { name: 'Jo Reed' })).closest('tr')!;
    expect(within(jo).getByRole('cell', { name: 'j•••@example.com' })).toBeInTheDocument();
    expect(within(jo).getByRole('cell', { name: 'order-placed' })).toBeInTheDocument();

    await userEvent.click(within(jo).getByRole('button', { name: 'Send again: order-placed to Jo Reed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this message again?' });
    expect(dialog).toHaveTextContent(STUCK_MESSAGE_TWICE_WARNING);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send it again' }));
    expect(await screen.findByText('The message is queued to be sent again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Jo Reed' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as sent: order-dispatched to Sam Hill' }));
    expect(await screen.findByText('The message is marked as sent.')).toBeInTheDocument();
    expect(await screen.findByText('No stuck messages')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/shop-api/clinic/messages/7/send-again', '/shop-api/clinic/messages/9/mark-sent']);
  });

  it('is not offered to other roles', async () => {
    stubClinicApi({ 'GET /shop-api/clinic/me': [200, supportMember], 'GET /shop-api/clinic/messages': [403, { code: 'FORBIDDEN', message: 'Your role does not allow this.' }] });
    renderClinic('/clinic/messages');
    expect(await screen.findByRole('link', { name: 'Deletion requests' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Stuck messages' })).not.toBeInTheDocument();
  });
});
