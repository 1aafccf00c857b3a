import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { MessagePreferences } from './MessagePreferences';

function stubApi(answer: 'ok' | 'fail' | 'slow') {
  const saves: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path !== '/shop-api/account/notification-preferences') return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (init?.method === 'PUT') {
      saves.push(JSON.parse(String(init.body)));
      if (answer === 'slow') return new Promise<Response>(() => undefined);
      return answer === 'ok'
        ? json(200, { email: true, sms: false, whatsapp: true, push: true })
        : json(503, { code: 'UNAVAILABLE', message: 'We could not save that just now. Please try again.' });
    }
    return json(200, { email: true, sms: true, whatsapp: true, push: true });
  });
  return saves;
}

afterEach(() => vi.unstubAllGlobals());

describe('MessagePreferences', () => {
  it('saves a channel as soon as it is unticked, and says so', async () => {
    const saves = stubApi('ok');
    renderRoute({ path: '/account/details', Component: MessagePreferences }, '/account/details');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'SMS' }));
    expect(screen.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    expect(await screen.findByText('SMS reminders turned off.')).toBeInTheDocument();
    expect(saves).toEqual([{ sms: false }]);
  });

  it('changes the box as it is clicked, before the save answers', async () => {
    const saves = stubApi('slow');
    renderRoute({ path: '/account/details', Component: MessagePreferences }, '/account/details');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Email' }));
    expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(saves).toEqual([{ email: false }]);
  });

  it('puts the tick back and shows why when the save is refused', async () => {
    stubApi('fail');
    renderRoute({ path: '/account/details', Component: MessagePreferences }, '/account/details');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'WhatsApp' }));
    expect(await screen.findByText('We could not save that just now. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  });
});
