import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@elmwood/domain';
import { makeWegovy } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { PROGRAMMES } from '../content';
import { ProductCarousel } from './ProductCarousel';
import { Experts, Faq, MedicalDirector, Perks, PlanOption, Rating, Testimonials } from './ProgrammeSections';
import { CARE_HOURS } from '../../../lib/config';
import { whoPrescribes, type PrescribingConfiguration } from '@elmwood/domain';

/** 'Who prescribes' as the API answers it from configuration: the medical director is whoever it names. */
const PRESCRIBING: PrescribingConfiguration = {
  prescribers: [
    { name: 'Dr Ana Patel', profession: 'Doctor (GP)', body: 'GMC', number: '7012345', role: 'Medical director' },
    { name: 'Sam Green', profession: 'Pharmacist independent prescriber', body: 'GPhC', number: '2012345' },
  ],
  serviceName: 'Clinic',
  serviceAddress: ['Clinic', '1 Street'],
  pharmacyName: 'Pharmacy',
  pharmacyAddress: ['Pharmacy', '1 Street'],
  pharmacyGphcNumber: '9012345',
};
const withPrescribers = () => vi.stubGlobal('fetch', mockFetch({ '/shop-api/who-prescribes': { body: whoPrescribes(PRESCRIBING) } }));

afterEach(() => {
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** The shop's API relaying the reviews platform (the sandbox unless named). */
const reviewsPlatform = (body: unknown, platform = 'sandbox') =>
  vi.stubGlobal('fetch', mockFetch({ '/shop-api/reviews/summaries': { body }, '/shop-api/reviews/source': { body: { platform } } }));

const weightLoss = PROGRAMMES['weight-loss']!;

describe('ProductCarousel', () => {
  it('shows each recommended treatment as a slide: picture, title, price from, bullets, doses and its popup', () => {
    const mounjaro = makeWegovy({ code: 'MOUNJARO', name: 'Mounjaro', shortDescription: 'Once-weekly tirzepatide injection' });
    renderWithProviders(<ProductCarousel products={[makeWegovy(), mounjaro]} />);
    expect(screen.getByRole('region', { name: 'Recommended treatments' })).toBeInTheDocument();
    const slide = screen.getByRole('group', { name: 'Treatment 1 of 2' });
    expect(within(slide).getByRole('heading', { level: 3, name: 'Wegovy' })).toBeInTheDocument();
    expect(slide.querySelector('img')).toHaveAttribute('src', '/images/products/wegovy.svg');
    // The lowest in-stock monthly cost: 0.5 mg quarterly, £477 / 3.
    expect(slide).toHaveTextContent('From £159.00 a month');
    expect(within(slide).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Once-weekly weight-loss injection',
      'Prescribed by a UK clinician after your consultation',
      'Free delivery in plain packaging',
    ]);
    // 0.25 mg is out of stock, so it is not offered.
    expect(slide).toHaveTextContent('Doses: 0.5 mg, 1 mg');
    expect(within(slide).getByRole('button', { name: 'More about Wegovy' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(screen.getByRole('group', { name: 'Treatment 2 of 2' })).getByRole('button', { name: 'More about Mounjaro' })).toBeInTheDocument();
  });

  it('says when a treatment is out of stock instead of a price', () => {
    const ozempic: Product = { ...makeWegovy({ code: 'OZEMPIC', name: 'Ozempic' }) };
    ozempic.variants = ozempic.variants.map((variant) => ({ ...variant, inStock: false }));
    renderWithProviders(<ProductCarousel products={[ozempic]} />);
    expect(screen.getByRole('group', { name: 'Treatment 1 of 1' })).toHaveTextContent('Out of stock');
    expect(screen.getByRole('group', { name: 'Treatment 1 of 1' })).not.toHaveTextContent('Doses');
  });

  it("shows a treatment's review rating when its SKU group has reviews", async () => {
    reviewsPlatform({ SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 } });
    renderWithProviders(<ProductCarousel products={[makeWegovy({ code: 'SILDENAFIL', name: 'Sildenafil' })]} />);
    expect(await screen.findByRole('img', { name: 'Rated 4.7 out of 5' })).toBeInTheDocument();
    // The sandbox's figures say they are illustrative.
    expect(screen.getByText('(illustrative)')).toBeInTheDocument();
  });
});

describe('Rating', () => {
  it('shows no score when there are no reviews: no figure nobody gave', async () => {
    reviewsPlatform({}, 'off');
    renderWithProviders(<Rating group={null} />);
    await waitFor(() => expect(screen.queryByLabelText('What patients say')).toBeNull());
    expect(screen.queryByText('4.5/5')).toBeNull();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it('names Trustpilot when the figures are Trustpilot’s', async () => {
    reviewsPlatform({ SILDENAFIL: { numberOfReviews: 1320, starsAverage: 4.7 } }, 'trustpilot');
    renderWithProviders(<Rating group="sildenafil" />);
    expect(await screen.findByText('from 1,320 reviews on Trustpilot')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeInTheDocument();
  });

  it("pools a SKU group's reviews and shows the average to one decimal", async () => {
    // Finasteride 190 × 4.4 and minoxidil 130 × 4.3 → 4.36 → 4.4.
    reviewsPlatform({ FINASTERIDE: { numberOfReviews: 190, starsAverage: 4.4 }, MINOXIDIL: { numberOfReviews: 130, starsAverage: 4.3 } });
    renderWithProviders(<Rating group="hair" />);
    expect(await screen.findByText('4.4/5')).toBeInTheDocument();
    expect(screen.getByText("from 320 reviews (illustrative figures of this demo shop, not real patients' reviews)")).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.4 out of 5' })).toBeInTheDocument();
  });
});

describe('Testimonials', () => {
  it.each(Object.entries(PROGRAMMES))('%s: speak of the service, with no before-and-after picture beside a named medicine', (_slug, content) => {
    renderWithProviders(<Testimonials content={content} />);
    expect(screen.queryAllByRole('img')).toEqual([]);
    for (const story of content.testimonials) {
      expect(story.pictures).toBeNull();
      expect(story.text).not.toMatch(/\b(lost|kg|stone|st \d|lb|regrow|filled in|energy|results?)\b/i);
    }
  });

  it('every figure shown in a persona box carries its source, on the page too', () => {
    for (const content of Object.values(PROGRAMMES)) {
      if (/\d/.test(content.persona.text)) expect(content.persona.source?.trim()).toBeTruthy();
    }
    const ed = Object.values(PROGRAMMES).find((content) => content.persona.source)!;
    renderWithProviders(<PlanOption content={ed} products={[]} />);
    expect(screen.getByText(/^Source: Feldman HA et al/)).toBeInTheDocument();
  });

  it.each(Object.entries(PROGRAMMES))('%s: every figure in the how-it-works steps and the answers carries its source, shown beside it', (_slug, content) => {
    for (const row of content.howItWorks) if (/\d/.test(row.detail)) expect(row.source?.trim(), row.detail).toBeTruthy();
    for (const item of content.faq) if (/\d/.test(item.text)) expect(item.source?.trim(), item.text).toBeTruthy();
    const sourced = content.howItWorks.find((row) => row.source);
    if (sourced) {
      renderWithProviders(<PlanOption content={content} products={[]} />);
      expect(screen.getAllByText(`Source: ${sourced.source}`).length).toBeGreaterThan(0);
    }
  });

  it.each(Object.entries(PROGRAMMES))('%s: beside the named prescription-only medicines, the plan makes no outcome claim', (_slug, content) => {
    const words = [content.planHeading, content.planDescription, ...content.howItWorks.map((row) => row.detail), ...content.faq.map((item) => item.text)].join(' ');
    expect(words).not.toMatch(/\b(proven|most people notice|regrowth becomes|results?|lose \d|lost)\b/i);
  });
});

describe('Experts, FAQ, medical director and perks', () => {
  it("offers to book a call by phone or email", () => {
    renderWithProviders(<Experts />);
    expect(screen.getByRole('heading', { name: 'Book a call' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call 020 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    expect(screen.getByRole('link', { name: 'Email to book a call' })).toHaveAttribute('href', 'mailto:care@elmwood-health.example?subject=Book%20a%20call');
  });

  it('gives the care team’s hours as every other page does (CARE_HOURS), promising nothing beyond them', () => {
    renderWithProviders(<Experts />);
    expect(screen.getByText(`Lines are open ${CARE_HOURS}.`)).toBeInTheDocument();
    expect(screen.getByText(`UK-registered prescribers, pharmacists and coaches answer your messages ${CARE_HOURS}.`)).toBeInTheDocument();
    expect(screen.queryByText(/seven days a week/)).toBeNull();
  });

  it('lists the FAQ in an accordion, all closed at first', () => {
    renderWithProviders(<Faq content={weightLoss} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(weightLoss.faq.map((item) => item.title));
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows the medical director's illustrative avatar and quote", async () => {
    withPrescribers();
    renderWithProviders(<MedicalDirector />);
    expect(await screen.findByRole('img', { name: 'Illustrative avatar of Dr Ana Patel' })).toHaveTextContent('AP');
    expect(screen.getByText(/Every treatment we offer is prescribed by a clinician/)).toBeInTheDocument();
  });

  it("gives the medical director named by 'Who prescribes' with their entry on the GMC register", async () => {
    withPrescribers();
    renderWithProviders(<MedicalDirector />);
    expect(await screen.findByRole('figure')).toHaveTextContent('Dr Ana Patel, Medical Director · GMC number 7012345');
    expect(screen.getByRole('link', { name: /^check it on the GMC register/ })).toHaveAttribute(
      'href',
      'https://www.gmc-uk.org/registrants/7012345',
    );
  });

  it('says delivery is free, and makes no claim about an app that does not exist', () => {
    renderWithProviders(<Perks />);
    expect(screen.getByText('Free delivery')).toBeInTheDocument();
    expect(screen.queryByText(/22%|\bapp\b/i)).toBeNull();
  });
});
