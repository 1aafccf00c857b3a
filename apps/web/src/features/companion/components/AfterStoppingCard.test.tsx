import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_STOPPING_SUPPORT, type AfterStopping } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { AfterStoppingCard } from './AfterStoppingCard';

afterEach(() => vi.unstubAllGlobals());

const offer = (overrides: Partial<NonNullable<AfterStopping['offer']>> = {}): AfterStopping => ({
  offer: { productName: 'Wegovy', stoppedOn: '2026-12-01', endsOn: '2027-12-01', answer: null, weightReturning: false, guidance: [...AFTER_STOPPING_SUPPORT.guidance], source: AFTER_STOPPING_SUPPORT.source, ...overrides },
});

function serve(first: AfterStopping) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { answer: 'accepted' | 'declined' };
      sent.push(body);
      return Response.json(offer({ answer: body.answer }));
    }
    return Response.json(first);
  });
  return sent;
}

describe('AfterStoppingCard', () => {
  it('offers a year of support, with the guidance and its source; yes turns it on and offers the coach and a consultation', async () => {
    const sent = serve(offer());
    renderWithProviders(<AfterStoppingCard />);
    const card = await screen.findByRole('region', { name: 'Support after stopping your treatment' });
    expect(card).toHaveTextContent('Your Wegovy plan has ended. Until 1 Dec. 2027 we can help you keep the weight off');
    expect(card).toHaveTextContent('Source: NICE NG246');
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, support me' }));
    const accepted = await screen.findByRole('region', { name: 'Your support after stopping' });
    expect(sent).toEqual([{ answer: 'accepted' }]);
    expect(within(accepted).getByRole('link', { name: 'Book a call with your coach' })).toHaveAttribute('href', '/account/coaches/book');
    expect(within(accepted).getByRole('link', { name: 'Start a consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
  });

  it('goes away when declined, and offers the way back first when weight returns', async () => {
    serve(offer({ weightReturning: true }));
    renderWithProviders(<AfterStoppingCard />);
    const card = await screen.findByRole('region', { name: 'Support after stopping your treatment' });
    expect(card).toHaveTextContent('Your weight has gone up since you stopped Wegovy');
    await userEvent.click(within(card).getByRole('button', { name: 'No, thank you' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /Support after stopping/ })).toBeNull());
  });
});
