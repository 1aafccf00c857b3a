import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COACHING_MESSAGES, type Coach, type CoachingStatus } from '@elmwood/domain';
import { renderRoute } from '../../../test/render';
import { Component as BookCallRoute } from './BookCallRoute';
import { Component as CoachesRoute } from './CoachesRoute';

const AMARA: Coach = {
  id: 'amara-okafor',
  medical_personnel_id: 'amara-okafor',
  firstName: 'Amara',
  lastName: 'Okafor',
  images: { mainImg: '/images/coaches/amara.svg', modalImg: '/images/coaches/amara.svg', thumbnail: '/images/coaches/amara.svg' },
  description: 'Registered dietitian.',
  availability: [{ day_of_week: 1, time_start: '09:00', time_end: '10:00' }],
  specialism: ['Nutrition', 'Emotional eating', 'Meal planning', 'Menopause'],
  qualifications: ['Registered Dietitian (HCPC)'],
  about: 'Ten years in NHS clinics.',
  approach: 'Small steady changes.',
  howWeWillWork: 'A first call, then check-ins.',
  testimonials: [{ title: 'It stuck', description: 'Helped me plan meals.', name: 'Sarah', footer: 'Lost 11 kg' }],
  bookingLink: '/account/coaches/book',
  calendlyLink: null,
};

const ELIGIBLE: CoachingStatus = { eligible: true, message: null, until: '2027-12-31', canBook: true, bookingMessage: null, maxUpcomingCalls: 1, upcomingCalls: 0 };

function stubApi(book: { status: number; body: unknown } = { status: 201, body: {} }, coaching: CoachingStatus = ELIGIBLE) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    requests.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/shop-api/list-medical-personnel') return json(200, [AMARA]);
    if (path === '/shop-api/coaching') return json(200, coaching);
    if (path === '/shop-api/assign-customer-to-medical-personnel') return json(200, { medical_personnel_id: AMARA.id, relationship: 'Weight Loss Coach', coach: AMARA, cancelledAppointments: 0 });
    if (path === '/shop-api/assigned-medical-personnel') return json(200, { medical_personnel_id: AMARA.id, relationship: 'Weight Loss Coach', coach: AMARA });
    if (path === '/shop-api/appointments' && method === 'GET') return json(200, []);
    if (path === '/shop-api/appointments') return json(book.status, book.body);
    if (path === `/shop-api/coaches/${AMARA.id}/slots`)
      return json(200, {
        coachId: AMARA.id,
        timeZone: 'Europe/London',
        days: [{ date: '2027-07-05', slots: [{ start: '2027-07-05T08:00:00.000Z', end: '2027-07-05T08:20:00.000Z' }, { start: '2027-07-05T08:20:00.000Z', end: '2027-07-05T08:40:00.000Z' }] }],
      });
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('coach choice', () => {
  it('shows the first 3 specialisms, the profile, and choosing assigns then goes to the confirm page', async () => {
    const requests = stubApi();
    const { router } = renderRoute({ path: '/account/coaches/*', Component: CoachesRoute }, '/account/coaches?taskId=t1');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Amara Okafor' })).closest('li')!;
    expect(within(within(card).getByRole('list', { name: 'Specialisms' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Nutrition', 'Emotional eating', 'Meal planning']);
    await userEvent.click(within(card).getByRole('button', { name: 'View profile of Amara Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amara Okafor' });
    expect(within(dialog).getByText('Registered Dietitian (HCPC)')).toBeInTheDocument();
    expect(within(dialog).getByText('A first call, then check-ins.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose Amara' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/coaches/confirm'));
    expect(router.state.location.search).toBe('?taskId=t1');
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/shop-api/assign-customer-to-medical-personnel',
      body: { medical_personnel_id: 'amara-okafor', relationship: 'Weight Loss Coach' },
    });
  });
});

describe('who may have coaching', () => {
  it('says why there is no coach to choose without an approved weight-loss treatment, and offers none', async () => {
    stubApi(undefined, { ...ELIGIBLE, eligible: false, message: COACHING_MESSAGES.noPlan, until: null, canBook: false });
    renderRoute({ path: '/account/coaches/*', Component: CoachesRoute }, '/account/coaches');
    expect(await screen.findByText(COACHING_MESSAGES.noPlan)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Amara' })).not.toBeInTheDocument();
    // One way back to the account, not the same link twice.
    expect(screen.getAllByRole('link', { name: 'Back to my account' })).toHaveLength(1);
  });

  it('says a call is already booked instead of offering another time', async () => {
    stubApi(undefined, { ...ELIGIBLE, canBook: false, bookingMessage: COACHING_MESSAGES.callLimit(1), upcomingCalls: 1 });
    renderRoute({ path: '/account/coaches/book', Component: BookCallRoute }, '/account/coaches/book');
    expect(await screen.findByText(COACHING_MESSAGES.callLimit(1))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your appointments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this call' })).not.toBeInTheDocument();
  });
});

describe('booking', () => {
  it('lists days, then the times in UK time (BST here), and says so when the slot was just taken', async () => {
    const requests = stubApi({ status: 409, body: { code: 'SLOT_TAKEN', message: 'Sorry, that time has just been booked. Please choose another time.' } });
    renderRoute({ path: '/account/coaches/book', Component: BookCallRoute }, '/account/coaches/book');
    await userEvent.click(await screen.findByRole('radio', { name: 'Monday 5 July 2027' }));
    const times = within(screen.getByRole('group', { name: 'Choose a time on Monday 5 July 2027 (UK time)' })).getAllByRole('radio');
    expect(times.map((time) => (time as HTMLInputElement).labels![0]!.textContent)).toEqual(['09:00', '09:20']);
    expect(screen.getByRole('button', { name: 'Book this call' })).toBeDisabled();
    await userEvent.click(times[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Book this call' }));
    expect(await screen.findByText('Sorry, that time has just been booked. Please choose another time.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ coachId: 'amara-okafor', start: '2027-07-05T08:20:00.000Z' });
  });
});
