import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { questionSchema, type Question } from '@elmwood/domain';
import { QuestionField } from './QuestionField';

const question = (input: Partial<Question> & { type: string }): Question =>
  questionSchema.parse({ id: 'q1', question: 'Your answer?', answers: [], ...input });

const options = [
  { value: 'a', text: 'First' },
  { value: 'b', text: 'Second' },
  { value: 'none', text: 'None of these', exclusive: true },
];

/** The field as a step holds it: the answer lives outside, as in the quiz. */
function Harness({ q, initial, onAnswer = () => {} }: { q: Question; initial?: unknown; onAnswer?: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <QuestionField
      question={q}
      value={value}
      onChange={(next) => {
        setValue(next);
        onAnswer(next);
      }}
    />
  );
}

describe('QuestionField renders every question type', () => {
  it.each(['choice', 'CHOICE', 'imageChoice', 'imageselect', 'productChoice', 'productchoicetype'])('%s as radio cards', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type, answers: options.slice(0, 2) })} onAnswer={onAnswer} />);
    expect(screen.getByRole('group', { name: 'Your answer?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Second' }));
    expect(onAnswer).toHaveBeenLastCalledWith('b');
  });

  it.each(['multichoice', 'checkbox', 'MultiChoice'])('%s as checkboxes, where "None of these" clears the rest', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type, answers: options })} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Second' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a', 'b']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['none']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a']);
  });

  it('textarea as a labelled text box', async () => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type: 'textarea' })} onAnswer={onAnswer} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer?' }), 'None');
    expect(onAnswer).toHaveBeenLastCalledWith('None');
  });

  it('datetime as a time-of-day list and a weekday list', async () => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type: 'datetime', answers: [{ value: 'morning', text: 'Morning' }] })} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Morning' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Days of the week' })).getByRole('checkbox', { name: 'Monday' }));
    expect(onAnswer).toHaveBeenLastCalledWith({ period: ['morning'], day: ['monday'] });
  });

  it('a date of birth typed as digits, answered as YYYY-MM-DD once it is a real date', async () => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type: 'DobType' })} onAnswer={onAnswer} />);
    const input = screen.getByRole('textbox', { name: 'Your answer?' });
    await userEvent.type(input, '12041985');
    expect(input).toHaveValue('12/04/1985');
    expect(onAnswer).toHaveBeenLastCalledWith('1985-04-12');
    await userEvent.clear(input);
    await userEvent.type(input, '31022000');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter correct date');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('WeightType as a weight in the chosen units', async () => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type: 'WeightType' })} onAnswer={onAnswer} />);
    await userEvent.type(screen.getByLabelText('Weight in kg'), '80');
    expect(onAnswer).toHaveBeenLastCalledWith({ weight: [{ value: 80, type: 'kg', preferredUnit: 'kg', isTargetWeight: true }] });
  });

  it("an unknown type shows 'Question type {type} invalid'", () => {
    render(<Harness q={question({ type: 'SliderType' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Question type SliderType invalid');
  });

  it('renders markup in the question safely, with note, over-note and info boxes', () => {
    render(
      <Harness
        q={question({
          type: 'choice',
          answers: options.slice(0, 1),
          question: 'Do you <strong>smoke</strong>?<img src=x onerror="alert(1)"><script>alert(1)</script>',
          note: 'A note',
          over_note: 'Before the question',
          question_info_details: { topInfo: { text: 'Top info' }, bottomInfo: { text: 'Bottom info' } },
        })}
      />,
    );
    const group = screen.getByRole('group', { name: /Do you smoke\?/ });
    expect(group.querySelector('strong')).toHaveTextContent('smoke');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    for (const text of ['A note', 'Before the question', 'Top info', 'Bottom info']) expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('preselects the defaultAnswer given as the value', () => {
    render(<Harness q={question({ type: 'choice', answers: options.slice(0, 2) })} initial="b" />);
    expect(screen.getByRole('radio', { name: 'Second' })).toBeChecked();
  });
});

