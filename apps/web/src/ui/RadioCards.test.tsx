import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioCards, type RadioCardOption } from './RadioCards';

const options: RadioCardOption[] = [
  { value: 'monthly', label: 'Monthly', description: '£199 a month' },
  { value: 'quarterly', label: 'Quarterly', description: '£179 a month', aside: <span>Save 10%</span> },
  { value: 'one-off', label: 'One-off', disabled: true },
];

function Controlled({ onChange = () => {} }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <h2 id="plan-title">Choose a plan</h2>
      <RadioCards
        name="plan"
        aria-labelledby="plan-title"
        options={options}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

describe('RadioCards', () => {
  it('is a named radio group of cards, none chosen until the patient chooses', () => {
    render(<Controlled />);
    expect(screen.getByRole('radiogroup', { name: 'Choose a plan' })).toBeInTheDocument();
    const monthly = screen.getByRole('radio', { name: 'Monthly' });
    expect(monthly).toHaveAccessibleDescription('£199 a month');
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    expect(screen.getByText('Save 10%')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'One-off' })).toBeDisabled();
  });

  it('chooses by click on the card text and by arrow keys, skipping a disabled option', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByText('Quarterly'));
    expect(onChange).toHaveBeenLastCalledWith('quarterly');
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('monthly');
  });

  it('needs no radiogroup role inside a fieldset that already names it', () => {
    render(
      <fieldset>
        <legend>Your sex</legend>
        <RadioCards name="sex" options={options.slice(0, 2)} value="monthly" onChange={() => {}} aria-describedby="sex-error" />
        <p id="sex-error">Required</p>
      </fieldset>,
    );
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('group', { name: 'Your sex' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAccessibleDescription('£199 a month Required');
  });

  it('shows a decorative picture unless it is given alt text', () => {
    const { container } = render(
      <RadioCards name="pattern" options={[{ value: 'crown', label: 'Thinning crown', image: { src: '/crown.svg' } }]} value={null} onChange={() => {}} layout="grid" />,
    );
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('radio', { name: 'Thinning crown' })).toBeInTheDocument();
  });
});
