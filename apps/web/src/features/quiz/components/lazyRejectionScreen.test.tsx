import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { questionnaireSchema, type Questionnaire } from '@elmwood/domain';
import { testQueryClient } from '../../../test/render';

const questionnaire: Questionnaire = questionnaireSchema.parse({
  questionnaireId: 7,
  slug: 'weight-loss',
  title: 'Weight loss consultation',
  taxon: 'weight-loss',
  steps: [{ id: 'measurements', name: 'Height and weight', questions: [{ id: 'bmi', type: 'BmiType', question: 'What is your height and weight?' }] }],
  rules: {
    facts: { bmi: { question: 'bmi', kind: 'bmi' } },
    knockouts: [{ id: 'low-bmi', when: { '<': [{ var: 'facts.bmi' }, 27] }, question: 'bmi', source: 'Test SmPC 4.3', rationale: 'For the test.' }],
    products: [{ code: 'WEGOVY' }],
  },
});

// Each test starts from a page that has loaded none of the quiz's lazy code.
beforeEach(() => vi.resetModules());
afterEach(() => document.body.replaceChildren());

describe("the rejection screen's code", () => {
  it('is not part of a step, and is on its way once the patient starts answering', async () => {
    const { rejectionScreen } = await import('./lazyRejectionScreen');
    const { QuizStepForm } = await import('./QuizStepForm');
    render(
      <QueryClientProvider client={testQueryClient()}>
        <QuizStepForm
          slug="weight-loss"
          questionnaire={questionnaire}
          step={questionnaire.steps[0]!}
          stepNumber={1}
          answers={{}}
          today="2026-11-29"
          onChange={() => {}}
          onRejected={() => {}}
          onSubmitted={() => {}}
          onKept={() => {}}
          account={null}
          onBack={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Height and weight' })).toBeInTheDocument();
    expect(rejectionScreen.isLoaded()).toBe(false);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(rejectionScreen.isLoaded()).toBe(true));
  });

  it('is loaded before a hydration only when the server’s page shows the rejection', async () => {
    const { loadRejectionScreenForHydration, rejectionScreen } = await import('./lazyRejectionScreen');
    document.body.innerHTML = '<form class="quiz-step"><h1>Height and weight</h1></form>';
    await loadRejectionScreenForHydration();
    expect(rejectionScreen.isLoaded()).toBe(false);
    document.body.innerHTML = '<section class="quiz-rejection"><h1>No recommended treatment</h1></section>';
    await loadRejectionScreenForHydration();
    expect(rejectionScreen.isLoaded()).toBe(true);
  });
});
