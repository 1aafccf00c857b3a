import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_REJECTION_TEXT } from '@elmwood/domain';
import { RejectionScreen } from './RejectionScreen';

describe('RejectionScreen', () => {
  it('enables REVIEW YOUR ANSWERS only once the accuracy agreement is ticked', async () => {
    const onReview = vi.fn();
    render(<RejectionScreen rejection={{ reason: DEFAULT_REJECTION_TEXT, ruleId: 'no-suitable-treatment', underweight: false }} onReview={onReview} />);
    expect(screen.getByRole('heading', { level: 1, name: 'No recommended treatment' })).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_REJECTION_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Warning: Giving inaccurate information in a clinical consultation, could put your health at risk.')).toBeInTheDocument();
    const review = screen.getByRole('button', { name: 'REVIEW YOUR ANSWERS' });
    expect(review).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree only to provide accurate responses' }));
    expect(review).toBeEnabled();
    await userEvent.click(review);
    expect(onReview).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree only to provide accurate responses' }));
    expect(review).toBeDisabled();
  });

  it("shows a rule's own reason instead of the default", () => {
    render(<RejectionScreen rejection={{ reason: 'Weight-loss injections are not suitable during pregnancy.', ruleId: 'pregnancy', underweight: false }} onReview={() => {}} />);
    expect(screen.getByText('Weight-loss injections are not suitable during pregnancy.')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_REJECTION_TEXT)).toBeNull();
  });

  it('is never a dead end: it points to the GP and NHS 111, and to Beat for someone underweight', () => {
    const { unmount } = render(<RejectionScreen rejection={{ reason: DEFAULT_REJECTION_TEXT, ruleId: 'no-suitable-treatment', underweight: false }} onReview={() => {}} />);
    const support = screen.getByRole('region', { name: 'Where to get support' });
    expect(support).toHaveTextContent('Talk to your GP.');
    expect(screen.getByRole('link', { name: /^NHS 111 online ?\(opens in a new tab\)$/ })).toHaveAttribute('href', 'https://111.nhs.uk');
    expect(screen.queryByRole('link', { name: /Beat/ })).toBeNull();
    unmount();
    render(<RejectionScreen rejection={{ reason: DEFAULT_REJECTION_TEXT, ruleId: 'bmi-below-any-threshold', underweight: true }} onReview={() => {}} />);
    expect(screen.getByRole('link', { name: /^Beat eating disorder support ?\(opens in a new tab\)$/ })).toHaveAttribute('href', 'https://www.beateatingdisorders.org.uk');
    expect(screen.getByRole('region', { name: 'Where to get support' })).toHaveTextContent('0808 801 0677');
  });
});
