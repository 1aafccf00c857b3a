import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REJECTION_TEXT,
  evaluateConsultation,
  questionnaireSchema,
  ukToday,
  type Questionnaire,
  type QuizState,
} from '@elmwood/domain';
import { testQueryClient } from '../../../test/render';
import { Component as QuizRoute } from './QuizRoute';

/** A small consultation with every behaviour the route has: a BMI step, a shown-when question, a default answer, knock-outs. */
/** Every rule names its source; these test rules name a made-up one. */
const SOURCED = { source: 'Test SmPC 4.3', rationale: 'For the test.' };

const questionnaire: Questionnaire = questionnaireSchema.parse({
  questionnaireId: 7,
  slug: 'weight-loss',
  title: 'Weight loss consultation',
  taxon: 'weight-loss',
  steps: [
    { id: 'measurements', name: 'Height and weight', questions: [{ id: 'bmi', type: 'BmiType', question: 'What is your height and weight?' }] },
    {
      id: 'about-you',
      name: 'About you',
      questions: [
        { id: 'sex', type: 'choice', question: 'What sex were you assigned at birth?', answers: [{ value: 'female', text: 'Female' }, { value: 'male', text: 'Male' }] },
        {
          id: 'pregnant',
          type: 'choice',
          question: 'Are you pregnant?',
          showWhen: { '==': [{ var: 'answers.sex' }, 'female'] },
          answers: [{ value: 'yes', text: 'Yes' }, { value: 'no', text: 'No' }],
        },
      ],
    },
    {
      id: 'history',
      name: 'Medical history',
      questions: [
        {
          id: 'conditions',
          type: 'multichoice',
          question: 'Have you had any of these?',
          answers: [
            { value: 'pancreatitis', text: 'Pancreatitis' },
            { value: 'none', text: 'None of these', exclusive: true },
          ],
        },
        { id: 'smoker', type: 'choice', question: 'Do you smoke?', defaultAnswer: 'no', answers: [{ value: 'yes', text: 'Yes' }, { value: 'no', text: 'No' }] },
      ],
    },
  ],
  rules: {
    facts: { bmi: { question: 'bmi', kind: 'bmi' } },
    knockouts: [
      { id: 'low-bmi', when: { '<': [{ var: 'facts.bmi' }, 27] }, question: 'bmi', ...SOURCED },
      { id: 'pregnant', when: { '==': [{ var: 'answers.pregnant' }, 'yes'] }, question: 'pregnant', reason: 'Not during pregnancy.', ...SOURCED },
      { id: 'pancreatitis', when: { in: ['pancreatitis', { var: 'answers.conditions' }] }, question: 'conditions', reason: 'Not after pancreatitis.', ...SOURCED },
    ],
    products: [{ code: 'WEGOVY' }],
  },
});

const kgCm = (kg: number, cm: number) => ({
  weight: [{ value: kg, type: 'kg', preferredUnit: 'kg', isTargetWeight: false }],
  height: [{ value: cm, type: 'cm' }],
  bmi: Math.round((kg / (cm / 100) ** 2) * 10) / 10,
});

/** What the server would answer for these answers: the same evaluator, as the API runs it. */
function stateFor(answers: Record<string, unknown>): QuizState {
  const outcome = evaluateConsultation(questionnaire, answers, ukToday(new Date()));
  return {
    consultationId: 'c1',
    questionnaireId: questionnaire.questionnaireId,
    slug: questionnaire.slug,
    answers,
    changedAnswers: [],
    bmi: outcome.facts.bmi ?? null,
    weight: null,
    height: null,
    eligibleProducts: outcome.eligibleProducts,
    ineligibleProducts: outcome.ineligibleProducts,
    recommendations: outcome.recommendations,
    preferredProduct: outcome.preferredProduct,
    preferredVariant: outcome.preferredVariant,
    rejection: outcome.rejection,
    allowedVariants: {},
    flags: { complete: outcome.complete, rejected: outcome.rejection !== null },
    aliasMapping: {},
  };
}

interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * The shop API at the network boundary: the questionnaire, this browser's saved consultation, step saves
 * (answered as the server would, or with a given failure) and analytics.
 */
function fakeApi({ saved = null as Record<string, unknown> | null, patchError = null as null | { status: number; body: unknown } } = {}) {
  const calls: Call[] = [];
  let answers = saved;
  const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (method === 'GET' && url.pathname === '/shop-api/questionnaires/by-slug/weight-loss') return json(200, questionnaire);
    if (method === 'GET' && url.pathname.startsWith('/shop-api/questionnaires/by-slug/')) return json(404, { code: 'NOT_FOUND', message: 'No such consultation' });
    if (method === 'GET' && url.pathname === '/shop-api/medical-history-by-slug/weight-loss') {
      return answers ? json(200, stateFor(answers)) : json(404, { code: 'NO_CONSULTATION', message: 'No consultation yet' });
    }
    if (method === 'PATCH' && url.pathname === '/shop-api/medical-history-for-groups-by-slug/weight-loss') {
      if (patchError) return json(patchError.status, patchError.body);
      const groups = body as Record<string, Record<string, unknown>>;
      const merged: Record<string, unknown> = { ...(answers ?? {}) };
      for (const group of Object.values(groups)) {
        for (const [id, value] of Object.entries(group)) {
          if (value === null) delete merged[id];
          else merged[id] = value;
        }
      }
      answers = merged;
      return json(200, stateFor(merged));
    }
    if (method === 'POST' && url.pathname === '/shop-api/analytics-events') return json(204, null);
    return json(404, { code: 'NOT_FOUND', message: `Nothing at ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    patches: () => calls.filter((call) => call.method === 'PATCH'),
    analytics: () => calls.filter((call) => call.path === '/shop-api/analytics-events'),
  };
}

function renderQuiz(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/n/:slug/quiz/:step', Component: QuizRoute },
      { path: '/n/:slug/recommendations', Component: () => <h1>Your recommendations</h1> },
      { path: '/', Component: () => <h1>Home</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, path: () => `${router.state.location.pathname}${router.state.location.search}` };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function answerBmi(kg: string, cm: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), kg);
  await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), cm);
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the quiz route', () => {
  it('shows a friendly page for an unknown consultation', async () => {
    fakeApi();
    renderQuiz('/n/no-such-thing/quiz/1');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that consultation" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it.each(['/n/weight-loss/quiz/4', '/n/weight-loss/quiz/0', '/n/weight-loss/quiz/two'])('sends %s, out of range, to step 1', async (url) => {
    fakeApi();
    const { path } = renderQuiz(url);
    await stepHeading('Height and weight');
    expect(path()).toBe('/n/weight-loss/quiz/1');
  });

  it('shows the step counter and progress of the consultation', async () => {
    fakeApi({ saved: { bmi: kgCm(100, 175) } });
    renderQuiz('/n/weight-loss/quiz/2');
    await stepHeading('About you');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Consultation progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    expect(progress).toHaveAttribute('aria-valuetext', 'Step 2 of 3');
  });

  it("refuses an unanswered step with 'Required' and sends nothing", async () => {
    const api = fakeApi();
    renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await userEvent.click(continueButton());
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'What is your height and weight?' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveFocus();
    expect(api.patches()).toHaveLength(0);
  });

  it('keeps the BMI answer empty, and the step unsent, while a field is missing or out of range', async () => {
    const api = fakeApi();
    renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '100');
    await userEvent.click(continueButton());
    expect(screen.getByText('Required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), '231');
    expect(screen.getByText("This doesn't look right, enter your height in cm")).toBeInTheDocument();
    await userEvent.click(continueButton());
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.queryByText(/Your BMI is/)).toBeNull();
    expect(api.patches()).toHaveLength(0);
  });

  it('sends a step keyed by its id, stores the reply, reports the step and moves on', async () => {
    const api = fakeApi();
    const { path } = renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await answerBmi('100', '175');
    expect(screen.getByText(/Your BMI is/)).toHaveTextContent('Your BMI is 32.7');
    await userEvent.click(continueButton());
    await stepHeading('About you');
    expect(path()).toBe('/n/weight-loss/quiz/2');

    const [patch] = api.patches();
    expect(patch!.path).toBe('/shop-api/medical-history-for-groups-by-slug/weight-loss');
    expect(patch!.search).toBe('?allowRecommendations=1');
    expect(patch!.body).toEqual({ measurements: { bmi: kgCm(100, 175) } });
    await waitFor(() => expect(api.analytics()).toHaveLength(1));
    expect(api.analytics()[0]!.body).toEqual({
      eventName: 'Questionnaire Step Submitted',
      data: {
        type: 'unsure',
        taxon: 'weight-loss',
        questionnaire_id: 7,
        questionnaire_name: 'Weight loss consultation',
        step_id: 'measurements',
        step_answers: { bmi: kgCm(100, 175) },
        step_name: 'Height and weight',
        experiments: {},
      },
    });
  });

  it('shows a question only when its condition holds, and sends a hidden one as cleared', async () => {
    const api = fakeApi({ saved: { bmi: kgCm(100, 175) } });
    renderQuiz('/n/weight-loss/quiz/2');
    await stepHeading('About you');
    expect(screen.queryByRole('group', { name: 'Are you pregnant?' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    expect(screen.getByRole('group', { name: 'Are you pregnant?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    expect(screen.queryByRole('group', { name: 'Are you pregnant?' })).toBeNull();
    await userEvent.click(continueButton());
    await stepHeading('Medical history');
    expect(api.patches()[0]!.body).toEqual({ 'about-you': { sex: 'male', pregnant: null } });
  });

  it('preselects a question’s defaultAnswer when it has no answer', async () => {
    const api = fakeApi({ saved: { bmi: kgCm(100, 175), sex: 'male' } });
    renderQuiz('/n/weight-loss/quiz/3');
    await stepHeading('Medical history');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    await userEvent.click(continueButton());
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]!.body).toEqual({ history: { conditions: ['none'], smoker: 'no' } });
  });

  it('keeps answers going back and forward', async () => {
    fakeApi();
    renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await answerBmi('100', '175');
    await userEvent.click(continueButton());
    await stepHeading('About you');
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Height and weight');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveValue('100');
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toHaveValue('175');
    await userEvent.click(continueButton());
    await stepHeading('About you');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
  });

  it('restores the server’s answers on load, and falls back to those kept in this browser', async () => {
    fakeApi({ saved: { bmi: kgCm(90, 180) } });
    renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveValue('90');
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toHaveValue('180');
  });

  it('keeps typed answers in this browser, so a reload without a server copy loses nothing', async () => {
    fakeApi();
    const first = renderQuiz('/n/weight-loss/quiz/2');
    await stepHeading('About you');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    first.router.dispose();
    document.body.innerHTML = '';
    renderQuiz('/n/weight-loss/quiz/2');
    await stepHeading('About you');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('remembers ?coupon= and ?atc=true for the cart', async () => {
    fakeApi();
    renderQuiz('/n/weight-loss/quiz/1?coupon=WELCOME20&atc=true');
    await stepHeading('Height and weight');
    expect(window.sessionStorage.getItem('quizCoupon')).toBe('WELCOME20');
    expect(window.sessionStorage.getItem('quizAtc')).toBe('weight-loss');
  });

  it('shows the server’s message near Continue when saving fails, and keeps what was typed', async () => {
    fakeApi({ patchError: { status: 503, body: { code: 'UNAVAILABLE', message: 'We could not save your answers. Please try again.' } } });
    const { path } = renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await answerBmi('100', '175');
    await userEvent.click(continueButton());
    const message = await screen.findByText('We could not save your answers. Please try again.');
    expect(message).toHaveAttribute('aria-live', 'polite');
    expect(continueButton()).toHaveAccessibleDescription('We could not save your answers. Please try again.');
    expect(path()).toBe('/n/weight-loss/quiz/1');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveValue('100');
  });

  it('puts an INVALID_ANSWER reply under the question it names', async () => {
    fakeApi({
      saved: { bmi: kgCm(100, 175) },
      patchError: { status: 400, body: { code: 'INVALID_ANSWER', message: 'Please choose one of the answers', details: { questionId: 'sex', message: 'Please choose one of the answers' } } },
    });
    renderQuiz('/n/weight-loss/quiz/2');
    await stepHeading('About you');
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    await userEvent.click(continueButton());
    await waitFor(() => expect(screen.getByRole('group', { name: 'What sex were you assigned at birth?' })).toHaveAccessibleDescription('Please choose one of the answers'));
  });
});

describe('the rejection screen', () => {
  it('appears at once for a knock-out answer, with the rule’s own reason, and REVIEW YOUR ANSWERS needs the agreement', async () => {
    const api = fakeApi({ saved: { bmi: kgCm(100, 175), sex: 'male' } });
    const { path } = renderQuiz('/n/weight-loss/quiz/3');
    await stepHeading('Medical history');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pancreatitis' }));
    await userEvent.click(continueButton());
    expect(await stepHeading('No recommended treatment')).toBeInTheDocument();
    // conditions is the 4th question of the questionnaire.
    expect(path()).toBe('/n/weight-loss/quiz/rejected?question=4');
    expect(screen.getByText('Not after pancreatitis.')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_REJECTION_TEXT)).toBeNull();
    expect(screen.getByText('Warning: Giving inaccurate information in a clinical consultation, could put your health at risk.')).toBeInTheDocument();
    // The answers still reach the server, which makes the decision.
    await waitFor(() => expect(api.patches()).toHaveLength(1));

    const review = screen.getByRole('button', { name: 'REVIEW YOUR ANSWERS' });
    expect(review).toBeDisabled();
    await userEvent.click(review);
    expect(path()).toBe('/n/weight-loss/quiz/rejected?question=4');
    const agree = screen.getByRole('checkbox', { name: 'I agree only to provide accurate responses' });
    expect(agree).not.toBeChecked();
    await userEvent.click(agree);
    expect(review).toBeEnabled();
    await userEvent.click(agree);
    expect(review).toBeDisabled();
    await userEvent.click(agree);
    await userEvent.click(review);
    await stepHeading('Medical history');
    expect(path()).toBe('/n/weight-loss/quiz/3');
    expect(screen.getByRole('checkbox', { name: 'Pancreatitis' })).toBeChecked();
  });

  it('shows the default text when the rule has no reason of its own (a BMI too low)', async () => {
    fakeApi();
    const { path } = renderQuiz('/n/weight-loss/quiz/1');
    await stepHeading('Height and weight');
    await answerBmi('55', '175');
    expect(screen.getByText(/Your BMI is/)).toHaveTextContent('Your BMI is 18.0');
    await userEvent.click(continueButton());
    await stepHeading('No recommended treatment');
    expect(path()).toBe('/n/weight-loss/quiz/rejected?question=1');
    expect(screen.getByText(DEFAULT_REJECTION_TEXT)).toBeInTheDocument();
  });

  it.each([
    ['1', '/n/weight-loss/quiz/1'],
    ['2', '/n/weight-loss/quiz/2'],
    ['3', '/n/weight-loss/quiz/2'],
    ['4', '/n/weight-loss/quiz/3'],
    ['5', '/n/weight-loss/quiz/3'],
    ['99', '/n/weight-loss/quiz/1'],
    ['x', '/n/weight-loss/quiz/1'],
  ])('REVIEW YOUR ANSWERS with question=%s (1-based) opens %s, the step holding it', async (question, target) => {
    // A reload of the rejection screen: the server's saved consultation holds the rejection.
    fakeApi({ saved: { bmi: kgCm(100, 175), sex: 'female', pregnant: 'yes' } });
    const { path } = renderQuiz(`/n/weight-loss/quiz/rejected?question=${question}`);
    await stepHeading('No recommended treatment');
    expect(screen.getByText('Not during pregnancy.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree only to provide accurate responses' }));
    await userEvent.click(screen.getByRole('button', { name: 'REVIEW YOUR ANSWERS' }));
    await waitFor(() => expect(path()).toBe(target));
  });

  it('is not shown when the consultation has not ruled the patient out', async () => {
    fakeApi({ saved: { bmi: kgCm(100, 175) } });
    const { path } = renderQuiz('/n/weight-loss/quiz/rejected?question=1');
    await stepHeading('Height and weight');
    expect(path()).toBe('/n/weight-loss/quiz/1');
  });
});

describe('the end of the consultation', () => {
  it('plays the loading screen after the last step, skippable under reduced motion, then opens the recommendations', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    fakeApi({ saved: { bmi: kgCm(100, 175), sex: 'male' } });
    const { path } = renderQuiz('/n/weight-loss/quiz/3');
    await stepHeading('Medical history');
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    await userEvent.click(continueButton());
    await stepHeading('Thank you. We are finding the right treatment for you');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Skip to your recommendations' }));
    await stepHeading('Your recommendations');
    expect(path()).toBe('/n/weight-loss/recommendations');
  });

  it('sends the patient back to the first unanswered question when the last step is reached early', async () => {
    fakeApi({ saved: { bmi: kgCm(100, 175) } });
    const { path } = renderQuiz('/n/weight-loss/quiz/3');
    await stepHeading('Medical history');
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    await userEvent.click(continueButton());
    await stepHeading('About you');
    expect(path()).toBe('/n/weight-loss/quiz/2');
    expect(within(screen.getByRole('group', { name: 'What sex were you assigned at birth?' })).getAllByRole('radio')).toHaveLength(2);
  });
});
