import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadStatus } from './LoadStatus';

describe('LoadStatus (SPEC §8 lazy-load states)', () => {
  it("says 'Loading...'", () => {
    render(<LoadStatus status="loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it("says 'Taking a long time...' and offers Retry", async () => {
    const retry = vi.fn();
    render(<LoadStatus status="slow" onRetry={retry} />);
    expect(screen.getByText('Taking a long time...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it("says 'Error!' as an alert and offers Retry", async () => {
    const retry = vi.fn();
    render(<LoadStatus status="error" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error!');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});
