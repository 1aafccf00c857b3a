import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './ErrorMessage';

describe('ErrorMessage', () => {
  it('is a polite live region that is in the page before any message arrives', () => {
    const { container, rerender } = render(
      <>
        <input aria-label="Email" aria-describedby="email-error" />
        <ErrorMessage id="email-error">{null}</ErrorMessage>
      </>,
    );
    const region = container.querySelector('#email-error')!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    rerender(
      <>
        <input aria-label="Email" aria-describedby="email-error" />
        <ErrorMessage id="email-error">Invalid email</ErrorMessage>
      </>,
    );
    expect(container.querySelector('#email-error')).toBe(region);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Invalid email');
  });

  it('does not interrupt: no alert role', () => {
    render(<ErrorMessage>Required</ErrorMessage>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });
});
