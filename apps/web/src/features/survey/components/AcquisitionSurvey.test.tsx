import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SURVEY_DONE_STORAGE_KEY } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { AcquisitionSurvey } from './AcquisitionSurvey';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The survey's API: not done yet; the submit answers `submitStatus`. Records analytics events and submits. */
function fakeApi({ submitStatus = 201, done = false } = {}) {
  const events: string[] = [];
  const submits: unknown[] = [];
  let statusCalls = 0;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/shop-api/analytics-events') {
      events.push((JSON.parse(String(init.body)) as { eventName: string }).eventName);
      return new Response(null, { status: 204 });
    }
    if (path === '/shop-api/acquisition-survey' && init.method === 'POST') {
      submits.push(JSON.parse(String(init.body)));
      return submitStatus < 300 ? json(submitStatus, { done: true }) : json(submitStatus, { code: 'INTERNAL', message: 'Down' });
    }
    if (path === '/shop-api/acquisition-survey') {
      statusCalls += 1;
      return json(200, { done });
    }
    return json(404, { code: 'NOT_FOUND', message: path });
  });
  return { events, submits, statusCalls: () => statusCalls };
}

describe('the acquisition survey', () => {
  it("says 'Something went wrong there' when the answer cannot be sent, and keeps the answer to try again", async () => {
    const api = fakeApi({ submitStatus: 503 });
    renderWithProviders(<AcquisitionSurvey eligible />);
    const dialog = await screen.findByRole('dialog', { name: 'How did you hear about us?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Podcast' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'SUBMIT' }));
    expect(await within(dialog).findByText('Something went wrong there')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Podcast' })).toBeChecked();
    expect(api.submits).toEqual([{ heardFrom: { selectedItems: ['podcast'], tellUsMore: null } }]);
    expect(api.events).not.toContain('exit_poll.submitted');
  });

  it('counts closing without an answer as skipped, and is not asked again in this browser', async () => {
    const api = fakeApi();
    const first = renderWithProviders(<AcquisitionSurvey eligible />);
    const dialog = await screen.findByRole('dialog', { name: 'How did you hear about us?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the survey' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.events).toEqual(['exit_poll.shown', 'exit_poll.skipped']);
    expect(window.localStorage.getItem(SURVEY_DONE_STORAGE_KEY)).toBe('true');
    first.unmount();

    const calls = api.statusCalls();
    renderWithProviders(<AcquisitionSurvey eligible />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.statusCalls()).toBe(calls);
  });

  it('stays closed when the server says it was answered, or while the page says not yet', async () => {
    const api = fakeApi({ done: true });
    const { unmount } = renderWithProviders(<AcquisitionSurvey eligible />);
    await vi.waitFor(() => expect(api.statusCalls()).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<AcquisitionSurvey eligible={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.statusCalls()).toBe(1);
    expect(api.events).toEqual([]);
  });
});
