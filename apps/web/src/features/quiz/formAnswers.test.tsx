import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { questionSchema, type Question } from '@elmwood/domain';
import { QuestionField } from './components/QuestionField';
import { answersFromForm } from './formAnswers';
import { preloadAllInputs } from './components/questionInputs';

// Each kind of input is its own chunk: loaded before the first render, as a hydrating page loads its own.
beforeAll(preloadAllInputs);

const question = (input: Partial<Question> & { type: string }): Question =>
  questionSchema.parse({ id: 'q1', question: 'Your answer?', answers: [], ...input });

/** The field inside a form, as a step holds it; `answer` is what the component itself would send. */
function Harness({ q }: { q: Question }) {
  const [value, setValue] = useState<unknown>(undefined);
  return (
    <form aria-label="step">
      <QuestionField question={q} value={value} onChange={setValue} />
      <output data-testid="answer">{JSON.stringify(value ?? null)}</output>
    </form>
  );
}

/** The answer the posted form reads back to, beside the one the component sends. */
function bothAnswers(q: Question) {
  const form = screen.getByRole('form', { name: 'step' }) as HTMLFormElement;
  const posted = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
  return { fromForm: answersFromForm([q], posted)[q.id] ?? null, fromComponent: JSON.parse(screen.getByTestId('answer').textContent!) as unknown };
}

const options = [
  { value: 'a', text: 'First' },
  { value: 'b', text: 'Second' },
];

describe('a step posted as a plain form reads back to the answers its components send', () => {
  // The weight unit last chosen is remembered in the browser.
  beforeEach(() => localStorage.clear());

  it('one choice', async () => {
    const q = question({ type: 'choice', answers: options });
    render(<Harness q={q} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Second' }));
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).toBe('b');
    expect(fromForm).toEqual(fromComponent);
  });

  it('several choices', async () => {
    const q = question({ type: 'multichoice', answers: options });
    render(<Harness q={q} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Second' }));
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).toEqual(['a', 'b']);
    expect(fromForm).toEqual(fromComponent);
  });

  it.each([
    ['free text', 'textarea', 'None', 'None'],
    ['a date of birth, typed as digits', 'DobType', '12041985', '1985-04-12'],
  ])('%s', async (_name, type, typed, answer) => {
    const q = question({ type });
    render(<Harness q={q} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer?' }), typed);
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).toBe(answer);
    expect(fromForm).toEqual(fromComponent);
  });

  it('height and weight, in the units shown', async () => {
    const q = question({ type: 'BmiType' });
    render(<Harness q={q} />);
    await userEvent.type(screen.getByLabelText('Weight in kg'), '100');
    await userEvent.type(screen.getByLabelText('Height in cm'), '175');
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).toMatchObject({ bmi: 32.7 });
    expect(fromForm).toEqual(fromComponent);
  });

  it('height and weight in stone and feet', async () => {
    const q = question({ type: 'BmiType' });
    render(<Harness q={q} />);
    await userEvent.click(screen.getByRole('button', { name: 'st/lbs' }));
    await userEvent.click(screen.getByRole('button', { name: 'ft/in' }));
    await userEvent.type(screen.getByLabelText('Weight in stone'), '15');
    await userEvent.type(screen.getByLabelText('Weight in lbs'), '10');
    await userEvent.type(screen.getByLabelText('Height in feet'), '5');
    await userEvent.type(screen.getByLabelText('Height in inches'), '9');
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).not.toBeNull();
    expect(fromForm).toEqual(fromComponent);
  });

  it('a goal weight', async () => {
    const q = question({ type: 'WeightType' });
    render(<Harness q={q} />);
    await userEvent.type(screen.getByLabelText('Weight in kg'), '80');
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).not.toBeNull();
    expect(fromForm).toEqual(fromComponent);
  });

  it('times of day and days of the week', async () => {
    const q = question({ type: 'datetime', answers: [{ value: 'morning', text: 'Morning' }] });
    render(<Harness q={q} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Morning' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    const { fromForm, fromComponent } = bothAnswers(q);
    expect(fromForm).toEqual({ period: ['morning'], day: ['monday'] });
    expect(fromForm).toEqual(fromComponent);
  });

  it('nothing answered reads as no answer', () => {
    const q = question({ type: 'textarea' });
    render(<Harness q={q} />);
    expect(bothAnswers(q).fromForm).toBeNull();
  });
});
