import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from './Price';

describe('Price', () => {
  it('shows pence as pounds', () => {
    render(<Price amount={1299} />);
    expect(screen.getByText('£12.99')).toBeInTheDocument();
    expect(screen.queryByText(/was/)).not.toBeInTheDocument();
  });

  it('strikes through the original price and labels it "was" for screen readers', () => {
    const { container } = render(<Price amount={9900} original={14900} />);
    const was = screen.getByText('was', { exact: false }).closest('s');
    expect(was).not.toBeNull();
    expect(was).toHaveTextContent('was £149.00');
    expect(screen.getByText('now', { exact: false })).toHaveClass('visually-hidden');
    expect(container).toHaveTextContent('was £149.00 now £99.00');
  });

  it('ignores an original price that is not higher', () => {
    const { container } = render(<Price amount={9900} original={9900} />);
    expect(container.querySelector('s')).toBeNull();
    expect(container).toHaveTextContent('£99.00');
  });
});
