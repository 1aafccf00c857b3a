import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@elmwood/domain';
import { orderReview, prescriber, renderClinic, stubClinicApi } from '../testing';

afterEach(() => vi.unstubAllGlobals());

const THREAD = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  subject: 'New tablets',
  status: 'answered' as const,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  messages: [
    { id: 1, from: 'patient' as const, authorName: null, body: 'I started a blood pressure tablet last week.', photoId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', sentAt: '2026-11-20T09:00:00.000Z' },
    { id: 2, from: 'clinic' as const, authorName: 'Jo', body: 'Thank you, we have told the prescriber.', photoId: null, sentAt: '2026-11-20T10:00:00.000Z' },
  ],
};
const support: StaffMember = { id: 'staff-3', email: 'support@elmwood-health.example', name: 'Jo Reid', role: 'support', registration: null };

async function open(staff: StaffMember, threads = [THREAD]) {
  stubClinicApi({ 'GET /shop-api/clinic/me': [200, staff], 'GET /shop-api/clinic/orders/EH-TEST-0001': [200, orderReview({ supportThreads: threads })] });
  renderClinic('/clinic/orders/EH-TEST-0001');
  await screen.findByRole('heading', { level: 1, name: 'Order EH-TEST-0001' });
  return screen.getByRole('region', { name: 'Support messages' });
}

describe("the patient's support messages on the order review", () => {
  it('shows each conversation with who wrote what', async () => {
    const section = await open(prescriber);
    const thread = within(section).getByRole('article', { name: 'New tablets' });
    const messages = within(thread).getAllByRole('listitem');
    expect(messages[0]).toHaveTextContent('Patient');
    expect(messages[0]).toHaveTextContent('I started a blood pressure tablet last week.');
    expect(within(messages[0]!).getByRole('img', { name: 'Photo the patient attached' })).toHaveAttribute('src', '/shop-api/clinic/uploads/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(messages[1]).toHaveTextContent('Jo (clinic)');
    // A prescriber reads it here; answering is support's, so no link to the inbox.
    expect(within(section).queryByRole('link', { name: 'New tablets' })).toBeNull();
  });

  it('links support staff to the conversation to answer it', async () => {
    const section = await open(support);
    expect(within(section).getByRole('link', { name: 'New tablets' })).toHaveAttribute('href', `/clinic/support/${THREAD.id}`);
  });

  it('says when the patient has not written', async () => {
    const section = await open(prescriber, []);
    expect(section).toHaveTextContent('The patient has not written to the clinic.');
  });
});
