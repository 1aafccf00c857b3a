import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeWegovy } from './test/fixtures';
import { mockFetch } from './test/render';
import { renderApp } from './test/renderApp';
import { preloadAllInputs } from './features/quiz/components/questionInputs';

// The quiz's inputs are chunks of their own: here, as on a hydrating page, loaded before the step renders.
beforeAll(preloadAllInputs);

afterEach(() => vi.unstubAllGlobals());

describe('the app', () => {
  it('frames every page with a skip link, header, one main and footer', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/products/by-code': { body: [makeWegovy()] } }));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinician-led treatment, calmly delivered' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elmwood Health home' })).toHaveAttribute('href', '/');
  });

  it('links the three consultations and the treatments from home, with prices when they arrive', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/products/by-code': { body: [makeWegovy()] } }));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Start your erectile dysfunction consultation' })).toHaveAttribute(
      'href',
      '/n/erectile-dysfunction/quiz/1',
    );
    expect(screen.getByRole('link', { name: 'Start your hair loss consultation' })).toHaveAttribute('href', '/n/hair-loss/quiz/1');
    expect(screen.getAllByRole('link', { name: 'Start your weight loss consultation' })[0]).toHaveAttribute(
      'href',
      '/n/weight-loss/quiz/1',
    );
    expect(screen.getByRole('link', { name: 'Read the guarantee terms' })).toHaveAttribute('href', '/pages/guarantee');
    const treatments = screen.getByRole('list', { name: 'Our treatments' });
    expect(treatments.querySelectorAll('li')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Wegovy' })).toHaveAttribute('href', '/products/wegovy');
    expect(screen.getByRole('link', { name: 'Daily Multivitamin' })).toHaveAttribute('href', '/products/daily-multivitamin');
    expect(await screen.findByText('From £159.00 a month')).toBeInTheDocument();
  });

  it('moves focus to the main content after a navigation', async () => {
    vi.stubGlobal('fetch', mockFetch({}));
    renderApp('/pages/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    await userEvent.click(screen.getByRole('contentinfo').querySelector('a[href="/pages/privacy"]')!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(document.title).toBe('Privacy policy | Elmwood Health');
  });

  it('renders each static page, marked as demo copy', async () => {
    for (const [path, title] of [
      ['/pages/guarantee', '180-day money-back guarantee'],
      ['/pages/ed-money-back-guarantee', 'ED money-back guarantee'],
      ['/pages/terms-of-sale', 'Terms of sale'],
    ] as const) {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(/Demo copy.*lawyers/);
      cleanup();
    }
  });

  it('says so for an unknown page or static page', async () => {
    renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    cleanup();
    renderApp('/pages/nothing');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
  });

  it('opens a consultation step in the checkout layout, logo home and no site navigation', async () => {
    const questionnaire = {
      questionnaireId: 1,
      slug: 'weight-loss',
      title: 'Weight loss consultation',
      taxon: 'weight-loss',
      hasAnswered: false,
      steps: [{ id: 'about-you', name: 'About you', questions: [{ id: 'sex', type: 'choice', question: 'Your sex?', answers: [{ value: 'male', text: 'Male' }], tags: [] }] }],
      rules: { facts: {}, knockouts: [], products: [{ code: 'WEGOVY' }] },
    };
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/questionnaires/by-slug/weight-loss': { body: questionnaire } }));
    renderApp('/n/weight-loss/quiz/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'About you' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Male' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elmwood Health home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Consultations' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Your progress' })).toBeInTheDocument();
  });

});
