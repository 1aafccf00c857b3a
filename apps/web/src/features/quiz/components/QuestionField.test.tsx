import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { questionSchema, type Question } from '@elmwood/domain';
import { QuestionField } from './QuestionField';
import { preloadAllInputs } from './questionInputs';

// Each kind of input is its own chunk: loaded before the first render, as a hydrating page loads its own.
beforeAll(preloadAllInputs);

const question = (input: Partial<Question> & { type: string }): Question =>
  questionSchema.parse({ id: 'q1', question: 'Your answer?', answers: [], ...input });

const options = [
  { value: 'a', text: 'First' },
  { value: 'b', text: 'Second' },
  { value: 'none', text: 'None of these', exclusive: true },
];

/** The field as a step holds it: the answer lives outside, as in the quiz. */
function Harness({ q, initial, error, onAnswer = () => {} }: { q: Question; initial?: unknown; error?: string; onAnswer?: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <QuestionField
      question={q}
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onAnswer(next);
      }}
    />
  );
}

describe('QuestionField renders every question type', () => {
  it.each(['choice', 'CHOICE', 'imageChoice', 'imageselect', 'ImageSelect'])('%s as radio cards named by the question', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type, answers: options.slice(0, 2) })} onAnswer={onAnswer} />);
    const group = screen.getByRole('group', { name: 'Your answer?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await userEvent.click(screen.getByRole('radio', { name: 'Second' }));
    expect(onAnswer).toHaveBeenLastCalledWith('b');
    expect(screen.getByRole('radio', { name: 'Second' })).toBeChecked();
  });

  it('imageChoice and imageselect show each option’s picture; choice does not', () => {
    const pictured = [
      { value: 'a', text: 'Receding hairline', image: '/images/hair/receding.svg' },
      { value: 'b', text: 'Thinning crown', image: '/images/hair/crown.svg' },
    ];
    const { container, unmount } = render(<Harness q={question({ type: 'imageChoice', answers: pictured })} />);
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/images/hair/receding.svg', '/images/hair/crown.svg']);
    // Decorative: the card's text names the option.
    expect(screen.getByRole('radio', { name: 'Receding hairline' })).toBeInTheDocument();
    unmount();
    const plain = render(<Harness q={question({ type: 'choice', answers: pictured })} />);
    expect(plain.container.querySelector('img')).toBeNull();
  });

  it('radio cards move with the arrow keys, as native radios do', async () => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type: 'choice', answers: options })} onAnswer={onAnswer} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'First' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Second' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Second' })).toBeChecked();
    expect(onAnswer).toHaveBeenLastCalledWith('b');
  });

  it.each(['productChoice', 'productchoicetype', 'ProductChoiceType'])('%s as radio cards answered PRODUCT|||VARIANT', async (type) => {
    const onAnswer = vi.fn();
    const answers = [
      { value: 'none', text: "No, I'm new to weight-loss injections" },
      { value: 'MOUNJARO|||MOUNJARO-5MG', text: 'Mounjaro 5 mg', note: 'Weekly pen' },
    ];
    render(<Harness q={question({ type, answers })} onAnswer={onAnswer} />);
    const mounjaro = screen.getByRole('radio', { name: 'Mounjaro 5 mg' });
    expect(mounjaro).toHaveAccessibleDescription('Weekly pen');
    await userEvent.click(mounjaro);
    expect(onAnswer).toHaveBeenLastCalledWith('MOUNJARO|||MOUNJARO-5MG');
  });

  it.each(['multichoice', 'checkbox', 'MultiChoice', 'CHECKBOX'])('%s as checkboxes, where "None of these" clears the rest', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type, answers: options })} onAnswer={onAnswer} />);
    expect(screen.getByRole('group', { name: 'Your answer?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Second' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a', 'b']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'None of these' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['none']);
    expect(screen.getByRole('checkbox', { name: 'First' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a']);
    expect(screen.getByRole('checkbox', { name: 'None of these' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'First' }));
    expect(onAnswer).toHaveBeenLastCalledWith([]);
  });

  it.each(['textarea', 'TextArea'])('%s as a text box labelled by the question, with its placeholder', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type, placeholder: 'For example: metformin' })} onAnswer={onAnswer} />);
    const box = screen.getByRole('textbox', { name: 'Your answer?' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('placeholder', 'For example: metformin');
    await userEvent.type(box, 'None');
    expect(onAnswer).toHaveBeenLastCalledWith('None');
  });

  it.each(['datetime', 'DateTime'])('%s as a time-of-day list and a Monday to Sunday list, answered {period, day}', async (type) => {
    const onAnswer = vi.fn();
    const answers = [
      { value: 'morning', text: 'Morning' },
      { value: 'evening', text: 'Evening' },
    ];
    render(<Harness q={question({ type, answers })} onAnswer={onAnswer} />);
    const periods = screen.getByRole('group', { name: 'Time of day' });
    const days = screen.getByRole('group', { name: 'Days of the week' });
    expect(within(periods).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['morning', 'evening']);
    expect(within(days).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await userEvent.click(within(periods).getByRole('checkbox', { name: 'Morning' }));
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    expect(onAnswer).toHaveBeenLastCalledWith({ period: ['morning'], day: ['monday', 'friday'] });
    await userEvent.click(within(periods).getByRole('checkbox', { name: 'Morning' }));
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it.each(['DobType', 'dobtype'])('%s: digits laid out as DD/MM/YYYY, answered YYYY-MM-DD once it is a real date', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type })} onAnswer={onAnswer} />);
    const input = screen.getByRole('textbox', { name: 'Your answer?' });
    expect(input).toHaveAttribute('placeholder', 'Date of birth (DD/MM/YYYY)');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12a04');
    expect(input).toHaveValue('12/04');
    expect(onAnswer).toHaveBeenLastCalledWith('12/04');
    await userEvent.type(input, '1985');
    expect(input).toHaveValue('12/04/1985');
    expect(onAnswer).toHaveBeenLastCalledWith('1985-04-12');
    await userEvent.clear(input);
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('a saved date of birth shows as typed', () => {
    render(<Harness q={question({ type: 'DobType' })} initial="1985-04-12" />);
    expect(screen.getByRole('textbox', { name: 'Your answer?' })).toHaveValue('12/04/1985');
  });

  it.each(['BmiType', 'bmitype'])('%s as weight and height with unit switches', (type) => {
    render(<Harness q={question({ type })} />);
    expect(screen.getByRole('group', { name: 'Your answer?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toBeInTheDocument();
    for (const name of ['kg', 'st/lbs', 'cm', 'ft/in']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it.each(['WeightType', 'weighttype'])('%s as a weight in the chosen units', async (type) => {
    const onAnswer = vi.fn();
    render(<Harness q={question({ type })} onAnswer={onAnswer} />);
    expect(screen.queryByRole('textbox', { name: 'Height in cm' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '80');
    expect(onAnswer).toHaveBeenLastCalledWith({ weight: [{ value: 80, type: 'kg', preferredUnit: 'kg', isTargetWeight: true }] });
  });

  it.each(['SliderType', 'file', 'choices'])("an unknown type %s shows 'Question type {type} invalid' in an error component", (type) => {
    render(<Harness q={question({ type, answers: options })} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`Question type ${type} invalid`);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('QuestionField content and errors', () => {
  it('renders markup in the question, note, over-note and info boxes safely', async () => {
    render(
      <Harness
        q={question({
          type: 'choice',
          answers: options.slice(0, 1),
          question: 'Do you <strong>smoke</strong>?<img src=x onerror="alert(1)"><script>window.hacked = true</script>',
          note: 'A <em>note</em><script>window.hacked = true</script>',
          over_note: 'Before the question<iframe src="https://example.com"></iframe>',
          question_info_details: { topInfo: { text: 'Top <a href="javascript:alert(1)">info</a>' }, bottomInfo: { text: 'Bottom info', type: 'warning' } },
        })}
      />,
    );
    // Markup waits for the sanitiser, fetched the first time markup is shown.
    const group = await screen.findByRole('group', { name: /Do you smoke\?/ });
    expect(group.querySelector('strong')).toHaveTextContent('smoke');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect((await screen.findByText('note')).tagName).toBe('EM');
    for (const text of ['Before the question', 'Bottom info']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('Top', { exact: false })).toBeInTheDocument();
    // The over-note comes before the question, the bottom info after the answers.
    const order = [...document.querySelectorAll('.quiz-question__over-note, legend, .radio-cards, .quiz-info--bottom')].map((node) => node.className || node.tagName);
    expect(order).toEqual(['safe-html quiz-question__over-note', 'quiz-question__legend', 'radio-cards', 'safe-html quiz-info quiz-info--bottom quiz-info--warning']);
  });

  it('marks an optional question', () => {
    render(<Harness q={question({ type: 'textarea', optional: true })} />);
    expect(screen.getByRole('textbox', { name: /^Your answer\?\s*\(optional\)$/ })).toBeInTheDocument();
  });

  it('ties the error to the question and announces it politely', () => {
    render(<Harness q={question({ type: 'choice', answers: options.slice(0, 2) })} error="Required" />);
    expect(screen.getByRole('group', { name: 'Your answer?' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('radio', { name: 'First' })).toHaveAccessibleDescription('Required');
    expect(screen.getByText('Required')).toHaveAttribute('aria-live', 'polite');
  });

  it('ties the error to a text box too', () => {
    render(<Harness q={question({ type: 'DobType' })} error="Please enter correct date" />);
    const input = screen.getByRole('textbox', { name: 'Your answer?' });
    expect(input).toHaveAccessibleDescription('Please enter correct date');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
