import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FADE_MS, LoadingAnimation, LOADING_TEXTS, PROGRESS_MS, TEXT_DELAY_MS } from './LoadingAnimation';

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }) as unknown as MediaQueryList,
  );
}

describe('the loading screen between the last step and the recommendations (SPEC §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('uses the spec’s timings', () => {
    expect([TEXT_DELAY_MS, FADE_MS, PROGRESS_MS]).toEqual([3500, 300, 9000]);
  });

  it('shows each text for 3.5 s, one after another, under a 9 s bar, then moves on', () => {
    preferReducedMotion(false);
    const onFinish = vi.fn();
    render(<LoadingAnimation onFinish={onFinish} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you. We are finding the right treatment for you' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Finding your treatment' });
    expect(bar.querySelector('.progress-bar__fill')).toHaveStyle({ animationDuration: '9000ms' });
    const text = () => document.querySelector('.quiz-loading__text');
    expect(text()).toHaveTextContent(LOADING_TEXTS[0]);
    expect(text()).toHaveStyle({ animationDuration: '3500ms' });
    expect(text()!.parentElement).toHaveAttribute('aria-live', 'polite');

    act(() => vi.advanceTimersByTime(TEXT_DELAY_MS - 1));
    expect(text()).toHaveTextContent(LOADING_TEXTS[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(text()).toHaveTextContent(LOADING_TEXTS[1]);
    act(() => vi.advanceTimersByTime(TEXT_DELAY_MS));
    expect(text()).toHaveTextContent(LOADING_TEXTS[2]);
    expect(onFinish).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(PROGRESS_MS - 2 * TEXT_DELAY_MS - 1));
    expect(onFinish).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onFinish).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('under prefers-reduced-motion: still text, no bar, and a button to go straight on', () => {
    preferReducedMotion(true);
    const onFinish = vi.fn();
    render(<LoadingAnimation onFinish={onFinish} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    for (const text of LOADING_TEXTS) expect(screen.getByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Skip to your recommendations' }));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('under prefers-reduced-motion still moves on by itself after the same 9 s', () => {
    preferReducedMotion(true);
    const onFinish = vi.fn();
    render(<LoadingAnimation onFinish={onFinish} />);
    act(() => vi.advanceTimersByTime(PROGRESS_MS));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('ends once the recommendations are ready, but not before 2.5 s', () => {
    preferReducedMotion(false);
    const onFinish = vi.fn();
    const { rerender } = render(<LoadingAnimation onFinish={onFinish} ready={false} />);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<LoadingAnimation onFinish={onFinish} ready />);
    act(() => vi.advanceTimersByTime(1499));
    expect(onFinish).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('ends at once when the recommendations are ready after 2.5 s, and at 9 s however late they are', () => {
    preferReducedMotion(false);
    const late = vi.fn();
    const { rerender, unmount } = render(<LoadingAnimation onFinish={late} />);
    act(() => vi.advanceTimersByTime(4000));
    expect(late).not.toHaveBeenCalled();
    rerender(<LoadingAnimation onFinish={late} ready />);
    act(() => vi.advanceTimersByTime(0));
    expect(late).toHaveBeenCalledOnce();
    unmount();

    const never = vi.fn();
    render(<LoadingAnimation onFinish={never} />);
    act(() => vi.advanceTimersByTime(PROGRESS_MS - 1));
    expect(never).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(never).toHaveBeenCalledOnce();
  });

  it('under prefers-reduced-motion ends on the same rule: ready at once means 2.5 s', () => {
    preferReducedMotion(true);
    const onFinish = vi.fn();
    render(<LoadingAnimation onFinish={onFinish} ready />);
    act(() => vi.advanceTimersByTime(2499));
    expect(onFinish).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onFinish).toHaveBeenCalledOnce();
  });
});
