import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionnaireSchema, TASK_CODES, type QuizState } from '@elmwood/domain';
import { testQueryClient } from '../../../test/render';
import { makeTask } from '../../../test/tasks';
import { Component } from './TaskQuizRoute';

const TASK_ID = '5b1f0a5e-8c7d-4a7e-9d51-3f1c2b6a7e10';
const checkIn = questionnaireSchema.parse({
  questionnaireId: 21,
  slug: 'weight-loss-check-in',
  title: 'Weight loss check-in',
  taxon: 'weight-loss-check-in',
  steps: [
    {
      id: 'how-it-goes',
      name: 'How it is going',
      questions: [{ id: 'side_effects', type: 'choice', question: 'Any side effects?', answers: [{ value: 'none', text: 'None' }, { value: 'mild', text: 'Mild' }] }],
    },
  ],
  rules: { facts: {}, knockouts: [], products: [{ code: 'WEGOVY' }] },
  kind: 'follow-up',
});

const state = (answers: Record<string, unknown>, complete: boolean): QuizState => ({
  consultationId: 'c9',
  questionnaireId: 21,
  slug: 'weight-loss-check-in',
  answers,
  changedAnswers: [],
  bmi: null,
  weight: null,
  height: null,
  eligibleProducts: [],
  ineligibleProducts: [],
  recommendations: [],
  preferredProduct: null,
  preferredVariant: null,
  rejection: null,
  allowedVariants: {},
  flags: { complete, rejected: false },
  aliasMapping: {},
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a follow-up questionnaire in the account', () => {
  it('sends every call for its task, keeps nothing in the browser, and ends with the task’s popup', async () => {
    const calls: string[] = [];
    let done = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/shop-api/questionnaires/by-slug/weight-loss-check-in') return json(200, checkIn);
      if (url.pathname === '/shop-api/medical-history-by-slug/weight-loss-check-in') return json(404, { code: 'NO_CONSULTATION', message: 'Not yet' });
      if (url.pathname === '/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in') {
        done = true;
        return json(200, state({ side_effects: 'none' }, true));
      }
      const task = makeTask({ id: TASK_ID, code: TASK_CODES.weightLossCheckIn, isCritical: false, taskType: 'questionnaire' });
      if (url.pathname === '/shop-api/tasks') {
        if (url.searchParams.get('state') === 'completed') return json(200, done ? [{ ...task, state: 'completed' }] : []);
        return json(200, done ? [] : [task]);
      }
      if (url.pathname === '/shop-api/analytics-events') return json(204, null);
      return json(404, { code: 'NOT_FOUND', message: url.pathname });
    });
    const router = createMemoryRouter(
      [
        { path: '/account/n/:slug/quiz/:step', Component },
        { path: '/account/health-actions', Component: () => <h1>My tasks</h1> },
      ],
      { initialEntries: [`/account/n/weight-loss-check-in/quiz/1?taskId=${TASK_ID}`] },
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    await userEvent.click(await screen.findByRole('radio', { name: 'None' }));
    await userEvent.click(screen.getByRole('button', { name: /Continue|Next|Submit/ }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your check-in' })).toBeInTheDocument();

    expect(calls).toContain(`GET /shop-api/questionnaires/by-slug/weight-loss-check-in?taskId=${TASK_ID}`);
    expect(calls).toContain(`GET /shop-api/medical-history-by-slug/weight-loss-check-in?taskId=${TASK_ID}`);
    expect(calls).toContain(`PATCH /shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${TASK_ID}`);
    // The server completed the task from the answers; the page does not ask again.
    expect(calls.some((call) => call.includes('/complete'))).toBe(false);
    expect(Object.keys(window.localStorage).some((key) => key.includes('weight-loss-check-in'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Back to my tasks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/health-actions'));
  });
});
