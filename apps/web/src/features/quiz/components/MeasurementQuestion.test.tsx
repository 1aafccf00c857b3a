import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { questionSchema } from '@elmwood/domain';
import { BmiQuestion } from './MeasurementQuestion';

const bmiQuestion = questionSchema.parse({ id: 'bmi', type: 'BmiType', question: 'Height and weight?' });

function Harness({ onAnswer }: { onAnswer: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <BmiQuestion
      question={bmiQuestion}
      value={value}
      labelId="l"
      onChange={(next) => {
        setValue(next);
        onAnswer(next);
      }}
    />
  );
}

async function setUp(units: { weight?: 'st/lbs'; height?: 'ft/in' } = {}) {
  const onAnswer = vi.fn();
  render(<Harness onAnswer={onAnswer} />);
  if (units.weight) await userEvent.click(screen.getByRole('button', { name: units.weight }));
  if (units.height) await userEvent.click(screen.getByRole('button', { name: units.height }));
  return onAnswer;
}

const message = {
  kg: "This doesn't look right, enter your weight in kg",
  stone: "This doesn't look right, enter your weight in stone",
  lbs: "This doesn't look right, enter your weight in lbs",
  cm: "This doesn't look right, enter your height in cm",
  feet: "This doesn't look right, enter your height in feet",
  inches: "This doesn't look right, enter in inches",
};

describe('the BMI step, at every limit of SPEC §5', () => {
  it.each([
    ['Weight in kg', '445', message.kg, {}],
    ['Weight in kg', '-1', message.kg, {}],
    ['Weight in stone', '71', message.stone, { weight: 'st/lbs' }],
    ['Weight in stone', '-1', message.stone, { weight: 'st/lbs' }],
    ['Weight in lbs', '14.1', message.lbs, { weight: 'st/lbs' }],
    ['Weight in lbs', '-1', message.lbs, { weight: 'st/lbs' }],
    ['Height in cm', '230.1', message.cm, {}],
    ['Height in cm', '89.9', message.cm, {}],
    ['Height in feet', '2.9', message.feet, { height: 'ft/in' }],
    ['Height in feet', '8', message.feet, { height: 'ft/in' }],
    ['Height in inches', '12.1', message.inches, { height: 'ft/in' }],
    ['Height in inches', '-1', message.inches, { height: 'ft/in' }],
  ] as const)('%s %s → %s', async (label, typed, expected, units) => {
    await setUp(units);
    await userEvent.type(screen.getByLabelText(label), typed);
    expect(screen.getByRole('alert')).toHaveTextContent(expected);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['Weight in kg', '444.9', {}],
    ['Weight in stone', '70.9', { weight: 'st/lbs' }],
    ['Weight in lbs', '14', { weight: 'st/lbs' }],
    ['Height in cm', '230', {}],
    ['Height in cm', '90', {}],
    ['Height in feet', '3', { height: 'ft/in' }],
    ['Height in feet', '7.9', { height: 'ft/in' }],
    ['Height in inches', '12', { height: 'ft/in' }],
    ['Height in inches', '0', { height: 'ft/in' }],
  ] as const)('%s %s is accepted', async (label, typed, units) => {
    await setUp(units);
    await userEvent.type(screen.getByLabelText(label), typed);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows only the chosen units, switched by the kg, st/lbs, cm and ft/in buttons', async () => {
    await setUp();
    expect(screen.getByRole('button', { name: 'kg' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Weight in stone')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'st/lbs' }));
    expect(screen.getByLabelText('Weight in stone')).toBeInTheDocument();
    expect(screen.getByLabelText('Weight in lbs')).toBeInTheDocument();
    expect(screen.queryByLabelText('Weight in kg')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ft/in' }));
    expect(screen.getByLabelText('Height in feet')).toBeInTheDocument();
    expect(screen.getByLabelText('Height in inches')).toBeInTheDocument();
    expect(screen.queryByLabelText('Height in cm')).toBeNull();
  });

  it('stays unanswered until every field is filled and valid, then shows the BMI', async () => {
    const onAnswer = await setUp({ weight: 'st/lbs', height: 'ft/in' });
    await userEvent.type(screen.getByLabelText('Weight in stone'), '15');
    await userEvent.type(screen.getByLabelText('Height in feet'), '5');
    await userEvent.type(screen.getByLabelText('Height in inches'), '9');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
    await userEvent.type(screen.getByLabelText('Weight in lbs'), '5');
    expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ bmi: 31.7 }));
    expect(screen.getByText(/Your BMI is/)).toHaveTextContent('Your BMI is 31.7');
    await userEvent.type(screen.getByLabelText('Weight in lbs'), '5');
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });
});
