import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox';

function Controlled({ variant }: { variant?: 'plain' | 'card' }) {
  const [checked, setChecked] = useState(false);
  return <Checkbox label="None of these" description="Tick if nothing applies" variant={variant} checked={checked} onChange={(event) => setChecked(event.target.checked)} />;
}

describe('Checkbox', () => {
  it.each(['plain', 'card'] as const)('(%s) is named by its label, described by its description, and never ticked until chosen', async (variant) => {
    render(<Controlled variant={variant} />);
    const box = screen.getByRole('checkbox', { name: 'None of these' });
    expect(box).toHaveAccessibleDescription('Tick if nothing applies');
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('None of these'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('adds its own description to one given by the caller, such as an error', () => {
    render(
      <>
        <Checkbox label="I agree" description="Read the terms first" aria-describedby="agree-error" readOnly />
        <p id="agree-error">Required</p>
      </>,
    );
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('Read the terms first Required');
  });
});
