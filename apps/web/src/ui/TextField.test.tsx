import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('has a visible label, a hint and an error tied to the input and announced politely', () => {
    const { rerender } = render(<TextField label="Email" hint="We send your receipt here" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We send your receipt here');
    expect(input).not.toHaveAttribute('aria-invalid');
    rerender(<TextField label="Email" hint="We send your receipt here" error="Invalid email" />);
    expect(input).toHaveAccessibleDescription('We send your receipt here Invalid email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid email')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a unit inside the box without adding it to the name', async () => {
    render(<TextField label="Weight in kg" suffix="kg" />);
    const input = screen.getByRole('textbox', { name: 'Weight in kg' });
    expect(screen.getByText('kg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.type(input, '80');
    expect(input).toHaveValue('80');
  });
});
