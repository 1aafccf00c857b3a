import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MILESTONES, PLATEAU_TEXT, type Milestones } from '@elmwood/domain';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { MilestonesSection } from './MilestonesSection';

afterEach(() => vi.unstubAllGlobals());

function serve(data: Milestones) {
  const posted: unknown[] = [];
  const answer = mockFetch({ '/shop-api/milestones': { body: data }, '/shop-api/milestones/seen': { status: 204, body: null } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }
    return answer(input);
  });
  return posted;
}

describe('MilestonesSection', () => {
  it('shows a milestone just reached once, says it has shown it, and lists the earlier ones quietly', async () => {
    const posted = serve({
      milestones: [
        { code: 'first-entry', ...MILESTONES['first-entry'], reachedAt: '2027-01-04T08:00:00.000Z', isNew: false },
        { code: 'lost-5-percent', ...MILESTONES['lost-5-percent'], reachedAt: '2027-02-01T08:00:00.000Z', isNew: true },
      ],
      plateau: null,
    });
    renderWithProviders(<MilestonesSection />);
    const fresh = await screen.findByRole('region', { name: '5% of your starting weight' });
    expect(fresh).toHaveTextContent(MILESTONES['lost-5-percent'].text);
    await waitFor(() => expect(posted).toEqual([{ codes: ['lost-5-percent'] }]));
    expect(within(screen.getByRole('region', { name: 'Your milestones' })).getByText('Your first weigh-in')).toBeInTheDocument();
    await userEvent.click(within(fresh).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: '5% of your starting weight' })).toBeNull();
  });

  it('offers the coach on a plateau', async () => {
    serve({ milestones: [], plateau: { since: '2027-01-25', text: PLATEAU_TEXT, source: 'NICE NG246' } });
    renderWithProviders(<MilestonesSection />);
    const plateau = await screen.findByRole('region', { name: 'Your weight has held steady' });
    expect(within(plateau).getByRole('link', { name: 'Book a call with your coach' })).toHaveAttribute('href', '/account/coaches/book');
  });
});
