import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptRecordsView } from '@elmwood/domain';
import { renderRoute } from '../../../test/render';
import { KeptRecords } from './KeptRecords';

afterEach(() => vi.unstubAllGlobals());

function stubKeptRecords(reply: () => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return path === '/shop-api/kept-records' ? reply() : new Response('{}', { status: 404 });
  });
}

describe('what a deleted account keeps, on the account page', () => {
  it('lists each kind of record with the periods the shop is configured with, why it is kept and what happens then', async () => {
    stubKeptRecords(() => Response.json(keptRecordsView({ clinicalYears: 10, financialYears: 9 })));
    renderRoute({ path: '/account/details', Component: KeptRecords }, '/account/details');

    const list = await screen.findByRole('list', { name: 'What we keep, and why' });
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
    expect(fact(clinical, 'Then')).toHaveTextContent('Then we delete them, photos and letters included.');
    expect(fact(orders, 'How long')).toHaveTextContent('9 years after each payment');
    expect(within(orders).getByRole('link', { name: /HMRC, company and accounting records/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /UK GDPR, Article 5\(1\)\(e\)/ })).toHaveAttribute('href', 'https://www.legislation.gov.uk/eur/2016/679/article/5');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubKeptRecords(() => Response.json({ code: 'UNAVAILABLE', message: 'Try again' }, { status: 503 }));
    renderRoute({ path: '/account/details', Component: KeptRecords }, '/account/details');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
