import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('reports a known value with its range and a readable text', () => {
    render(<ProgressBar label="Consultation progress" value={2} max={9} valueText="Step 3 of 9" />);
    const bar = screen.getByRole('progressbar', { name: 'Consultation progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '9');
    expect(bar).toHaveAttribute('aria-valuetext', 'Step 3 of 9');
    expect(bar.querySelector('.progress-bar__fill')).toHaveStyle({ width: '22%' });
  });

  it('shows a percentage for uploads, and keeps the value within its range', () => {
    const { rerender } = render(<ProgressBar label="Upload progress" value={45} showPercentage />);
    expect(screen.getByText('45%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuetext', '45%');
    rerender(<ProgressBar label="Upload progress" value={140} showPercentage />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('fills once over a given time when there is no value to report', () => {
    render(<ProgressBar label="Finding your treatment" durationMs={9000} />);
    const bar = screen.getByRole('progressbar', { name: 'Finding your treatment' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar.querySelector('.progress-bar__fill')).toHaveStyle({ animationDuration: '9000ms' });
  });
});
