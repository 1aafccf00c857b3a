import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptRecordsView, type User } from '@elmwood/domain';
import { renderRoute } from '../../../test/render';
import { Component } from './DetailsRoute';

afterEach(() => vi.unstubAllGlobals());

const me: User = { uid: 'u-1', email: 'jo@example.com', firstName: 'Jo', lastName: 'Reed', phoneNumber: null, birthday: null, customerBalance: 0, hasAcceptedUnlicensedProductDisclaimer: true };

/** The signed-in patient, no deletion request yet, and what the shop keeps (its reply given by the test). */
function stubKeptRecords(reply: () => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/shop-api/me') return Response.json(me);
    if (path === '/shop-api/me/deletion-request') return Response.json(null);
    if (path === '/shop-api/kept-records') return reply();
    return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  });
}

describe('Delete my account, on the details page', () => {
  it('lists each kind of record with the periods the shop is configured with, why it is kept and what happens then', async () => {
    stubKeptRecords(() => Response.json(keptRecordsView({ clinicalYears: 10, financialYears: 9 })));
    renderRoute({ path: '/account/details', Component }, '/account/details');

    const card = within(await screen.findByRole('region', { name: 'Delete my account' }));
    const list = await card.findByRole('list', { name: 'What we keep, and why' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Prescriptions and the medicines we supplied',
      'Consultations and your clinical record',
      'Orders and payments',
    ]);
    const [prescriptions, clinical, orders] = items as [HTMLElement, HTMLElement, HTMLElement];
    const fact = (item: HTMLElement, term: string) => within(item).getByText(term, { selector: 'dt' }).nextElementSibling;

    expect(fact(prescriptions, 'How long')).toHaveTextContent('10 years after your last treatment with us');
    expect(fact(prescriptions, 'Why')).toHaveTextContent('The law requires a pharmacy to keep a record of every prescription-only medicine it supplies, for at least 2 years.');
    expect(within(prescriptions).getByRole('link', { name: /The Human Medicines Regulations 2012, regulation 253/ })).toHaveAttribute('href', 'https://www.legislation.gov.uk/uksi/2012/1916/regulation/253');
    expect(fact(clinical, 'How long')).toHaveTextContent('10 years after your last treatment with us');
    expect(within(clinical).getByRole('link', { name: /NHS England, Records Management Code of Practice 2023/ })).toBeInTheDocument();
    expect(fact(clinical, 'Then')).toHaveTextContent('We delete them, photos and letters included.');
    expect(fact(orders, 'How long')).toHaveTextContent('9 years after each payment');
    expect(within(orders).getByRole('link', { name: /HMRC, company and accounting records/ })).toBeInTheDocument();
    expect(card.getByRole('link', { name: /UK GDPR, Article 5\(1\)\(e\)/ })).toHaveAttribute('href', 'https://www.legislation.gov.uk/eur/2016/679/article/5');
    expect(card.getByText(/^Everything else is deleted: your sign-in/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Ask us to delete my account' })).toBeInTheDocument();
  });

  it('offers no deletion without saying what is kept: Retry until the list loads', async () => {
    let available = false;
    stubKeptRecords(() => (available ? Response.json(keptRecordsView({ clinicalYears: 8, financialYears: 7 })) : Response.json({ code: 'UNAVAILABLE', message: 'Try again' }, { status: 503 })));
    renderRoute({ path: '/account/details', Component }, '/account/details');
    const card = within(await screen.findByRole('region', { name: 'Delete my account' }));
    const retry = await card.findByRole('button', { name: 'Retry' });
    expect(card.queryByRole('button', { name: 'Ask us to delete my account' })).not.toBeInTheDocument();
    available = true;
    retry.click();
    expect(await card.findByRole('list', { name: 'What we keep, and why' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Ask us to delete my account' })).toBeInTheDocument();
  });
});
