import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { questionSchema } from '@elmwood/domain';
import { QuestionField } from './QuestionField';
import { preloadAllInputs } from './questionInputs';

// Each kind of input is its own chunk: loaded before the first render, as a hydrating page loads its own.
beforeAll(preloadAllInputs);

const bmiQuestion = questionSchema.parse({ id: 'bmi', type: 'BmiType', question: 'What is your height and weight?' });
const weightQuestion = questionSchema.parse({ id: 'goal', type: 'WeightType', question: 'What is your goal weight?' });

/** The question as a step holds it: the answer lives outside, as in the quiz. */
function Harness({ question, onAnswer }: { question: typeof bmiQuestion; onAnswer: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <QuestionField
      question={question}
      value={value}
      onChange={(next) => {
        setValue(next);
        onAnswer(next);
      }}
    />
  );
}

// The unit chosen is remembered in local storage (SPEC §7 preferredUnit); each test starts without one.
beforeEach(() => window.localStorage.clear());

type Units = { weight?: 'st/lbs'; height?: 'ft/in' };

async function setUp(units: Units = {}, question = bmiQuestion) {
  const onAnswer = vi.fn();
  render(<Harness question={question} onAnswer={onAnswer} />);
  if (units.weight) await userEvent.click(screen.getByRole('button', { name: units.weight }));
  if (units.height) await userEvent.click(screen.getByRole('button', { name: units.height }));
  return onAnswer;
}

// The exact words of SPEC §5, written out here rather than imported, so a change to the domain shows up.
const message = {
  kg: "This doesn't look right, enter your weight in kg",
  stone: "This doesn't look right, enter your weight in stone",
  lbs: "This doesn't look right, enter your weight in lbs",
  cm: "This doesn't look right, enter your height in cm",
  feet: "This doesn't look right, enter your height in feet",
  inches: "This doesn't look right, enter in inches",
};

describe('the BMI step, at every limit of SPEC §5', () => {
  // [field label, typed, message (null = accepted), units to switch to]
  it.each([
    ['Weight in kg', '445', message.kg, {}],
    ['Weight in kg', '444.9', null, {}],
    ['Weight in kg', '-1', message.kg, {}],
    ['Height in cm', '230', null, {}],
    ['Height in cm', '230.1', message.cm, {}],
    ['Height in cm', '89.9', message.cm, {}],
    ['Height in cm', '90', null, {}],
    ['Weight in stone', '71', message.stone, { weight: 'st/lbs' }],
    ['Weight in stone', '70.9', null, { weight: 'st/lbs' }],
    ['Weight in stone', '-1', message.stone, { weight: 'st/lbs' }],
    ['Weight in lbs', '14', null, { weight: 'st/lbs' }],
    ['Weight in lbs', '14.1', message.lbs, { weight: 'st/lbs' }],
    ['Weight in lbs', '-1', message.lbs, { weight: 'st/lbs' }],
    ['Height in feet', '2.9', message.feet, { height: 'ft/in' }],
    ['Height in feet', '3', null, { height: 'ft/in' }],
    ['Height in feet', '8', message.feet, { height: 'ft/in' }],
    ['Height in feet', '7.9', null, { height: 'ft/in' }],
    ['Height in inches', '12', null, { height: 'ft/in' }],
    ['Height in inches', '12.1', message.inches, { height: 'ft/in' }],
    ['Height in inches', '-1', message.inches, { height: 'ft/in' }],
    ['Height in inches', '0', null, { height: 'ft/in' }],
  ] as const)('%s %s → %s', async (label, typed, expected, units: Units) => {
    await setUp(units);
    const input = screen.getByRole('textbox', { name: label });
    await userEvent.type(input, typed);
    if (expected) {
      // Shown under the field, tied to it as its description, in a polite live region.
      expect(input).toHaveAccessibleDescription(expected);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText(expected)).toHaveAttribute('aria-live', 'polite');
    } else {
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(input).toHaveAccessibleDescription('');
      expect(screen.queryByText(/This doesn't look right/)).toBeNull();
    }
  });

  it('shows only the chosen units, switched by the kg, st/lbs, cm and ft/in buttons', async () => {
    await setUp();
    expect(screen.getByRole('button', { name: 'kg' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'cm' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Weight in stone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'st/lbs' }));
    expect(screen.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'kg' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Weight in lbs' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Weight in kg' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ft/in' }));
    expect(screen.getByRole('textbox', { name: 'Height in feet' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Height in inches' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Height in cm' })).toBeNull();
  });

  it('is answered, with the BMI shown, only once every field of the chosen units is filled and error-free', async () => {
    const onAnswer = await setUp();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '100');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(/Your BMI is/)).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), '179');
    expect(onAnswer).toHaveBeenLastCalledWith({
      weight: [{ value: 100, type: 'kg', preferredUnit: 'kg', isTargetWeight: false }],
      height: [{ value: 179, type: 'cm' }],
      bmi: 31.2,
    });
    expect(screen.getByText(/Your BMI is/)).toHaveTextContent('Your BMI is 31.2');
    // An error in any field empties the answer again.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Height in cm' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), '89.9');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText(/Your BMI is/)).toBeNull();
  });

  it('in stone, pounds, feet and inches, all four fields are needed', async () => {
    const onAnswer = await setUp({ weight: 'st/lbs', height: 'ft/in' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in stone' }), '15');
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in feet' }), '5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in inches' }), '9');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in lbs' }), '5');
    expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ bmi: 31.7 }));
    expect(screen.getByText(/Your BMI is/)).toHaveTextContent('Your BMI is 31.7');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in lbs' }), '5'); // 55 lbs: over 14
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });

  it('keeps what was saved when the step is opened again', () => {
    render(
      <QuestionField
        question={bmiQuestion}
        value={{ weight: [{ value: 15, type: 'stone', preferredUnit: 'st-lbs', isTargetWeight: false }, { value: 5, type: 'lbs', preferredUnit: 'st-lbs', isTargetWeight: false }], height: [{ value: 179, type: 'cm' }], bmi: 31.3 }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toHaveValue('15');
    expect(screen.getByRole('textbox', { name: 'Weight in lbs' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toHaveValue('179');
  });
});

describe('WeightType', () => {
  it('is a weight alone with the same unit switch and limits', async () => {
    const onAnswer = await setUp({}, weightQuestion);
    expect(screen.queryByRole('textbox', { name: /Height/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '80');
    expect(onAnswer).toHaveBeenLastCalledWith({ weight: [{ value: 80, type: 'kg', preferredUnit: 'kg', isTargetWeight: true }] });
    await userEvent.click(screen.getByRole('button', { name: 'st/lbs' }));
    // What was typed is converted, not wiped: 80 kg is 12 st 8.4 lb.
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: 'Weight in lbs' })).toHaveValue('8.4');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Weight in stone' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Weight in lbs' }));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in stone' }), '71');
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toHaveAccessibleDescription(message.stone);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Weight in stone' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in stone' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in lbs' }), '8');
    expect(onAnswer).toHaveBeenLastCalledWith({
      weight: [
        { value: 12, type: 'stone', preferredUnit: 'st-lbs', isTargetWeight: true },
        { value: 8, type: 'lbs', preferredUnit: 'st-lbs', isTargetWeight: true },
      ],
    });
  });
});

describe('switching units converts what was typed (issue 16 item 5)', () => {
  it('carries kg and cm over to stone, lbs, feet and inches and back, keeping the answer', async () => {
    const onAnswer = await setUp();
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight in kg' }), '95');
    await userEvent.type(screen.getByRole('textbox', { name: 'Height in cm' }), '170');
    await userEvent.click(screen.getByRole('button', { name: 'st/lbs' }));
    await userEvent.click(screen.getByRole('button', { name: 'ft/in' }));
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toHaveValue('14');
    expect(screen.getByRole('textbox', { name: 'Weight in lbs' })).toHaveValue('13.4');
    expect(screen.getByRole('textbox', { name: 'Height in feet' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Height in inches' })).toHaveValue('6.9');
    expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ bmi: 32.9 }));
    await userEvent.click(screen.getByRole('button', { name: 'kg' }));
    await userEvent.click(screen.getByRole('button', { name: 'cm' }));
    expect(screen.getByRole('textbox', { name: 'Weight in kg' })).toHaveValue('95');
    expect(screen.getByRole('textbox', { name: 'Height in cm' })).toHaveValue('170');
  });

  it('opens the goal weight in the unit chosen for the weight earlier in the consultation', async () => {
    await setUp({ weight: 'st/lbs' });
    expect(window.localStorage.getItem('preferredUnit')).toBe('st-lbs');
    document.body.innerHTML = '';
    render(<Harness question={weightQuestion} onAnswer={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'st/lbs' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Weight in stone' })).toBeInTheDocument();
  });
});
