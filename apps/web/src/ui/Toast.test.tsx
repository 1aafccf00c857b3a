import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './Toast';

function Harness({ initial, duration }: { initial: string | null; duration?: number }) {
  const [message, setMessage] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setMessage('Saved')}>
        Save
      </button>
      <Toast message={message} onDismiss={() => setMessage(null)} duration={duration} />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('Toast', () => {
  it('keeps its polite live region in the page before any message, so the message is announced', async () => {
    render(<Harness initial={null} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(region).toHaveTextContent('Saved');
  });

  it('is dismissed with its button', async () => {
    render(<Harness initial="Address saved" />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('stays until dismissed when it has no duration', () => {
    vi.useFakeTimers();
    render(<Harness initial="Sorry. Service temporary unavalaible" />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status')).toHaveTextContent('Sorry. Service temporary unavalaible');
  });

  it('goes by itself after its duration, but not while the pointer rests on it', () => {
    vi.useFakeTimers();
    render(<Harness initial="Copied!" duration={4000} />);
    const toast = screen.getByText('Copied!').closest('.toast')!;
    act(() => void toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => void toast.dispatchEvent(new PointerEvent('pointerout', { bubbles: true })));
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
