import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { assertScrollPercentage } from '@elmwood/domain';
import { cx } from './cx';
import './FloatingBar.css';

interface FloatingBarProps {
  /** Names the bar's landmark ('Checkout'). */
  label: string;
  /**
   * The sticky variant: the bar appears once the page has scrolled this share of the way down (0–100;
   * 0 shows it at once). Anything outside 0–100 is a programming error and throws.
   */
  showAfterPercent?: number;
  /** An element (the page's own call to action) that makes the bar redundant while it is on screen. */
  hideWhileVisible?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/** Custom property the bar sets on <html> while it shows: the page's bottom padding and scroll padding (FloatingBar.css). */
const HEIGHT_PROPERTY = '--floating-bar-height';

/** How far down the page is, in percent, leaving out the room the bar itself added at the bottom. */
function scrolledPercent(addedAtBottom: number): number {
  const scrollable = document.documentElement.scrollHeight - addedAtBottom - window.innerHeight;
  return scrollable <= 0 ? 100 : Math.min(100, (window.scrollY / scrollable) * 100);
}

/**
 * A bar fixed to the bottom of the screen (above the iOS home indicator). While it shows, the page gets
 * room at its end and scroll padding, and a field or button that takes focus behind it is scrolled into
 * view, so the bar never hides what has focus (WCAG 2.4.11).
 */
export function FloatingBar({ label, showAfterPercent = 0, hideWhileVisible, className, children }: FloatingBarProps) {
  const threshold = assertScrollPercentage(showAfterPercent);
  const barRef = useRef<HTMLElement>(null);
  const added = useRef(0);
  const [scrolledFarEnough, setScrolledFarEnough] = useState(false);
  const [otherOnScreen, setOtherOnScreen] = useState(false);
  const shown = (threshold === 0 || scrolledFarEnough) && !otherOnScreen;

  useEffect(() => {
    if (threshold === 0) return;
    const update = () => setScrolledFarEnough(scrolledPercent(added.current) >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [threshold]);

  useEffect(() => {
    const target = hideWhileVisible?.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOtherOnScreen(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [hideWhileVisible]);

  // Room for the bar at the page's end and in scroll padding, measured as it is (it wraps on small screens).
  useLayoutEffect(() => {
    const bar = barRef.current;
    const root = document.documentElement;
    if (!shown || !bar) return;
    const measure = () => {
      added.current = bar.offsetHeight;
      root.style.setProperty(HEIGHT_PROPERTY, `${bar.offsetHeight}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      added.current = 0;
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [shown]);

  // Scroll padding covers scrollIntoView; this covers focus moved by Tab when the browser does not honour it.
  useEffect(() => {
    if (!shown) return;
    const onFocus = (event: FocusEvent) => {
      const bar = barRef.current;
      const target = event.target;
      if (!bar || !(target instanceof Element) || bar.contains(target)) return;
      const overlap = target.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (overlap > 0) window.scrollBy({ top: overlap + 8, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [shown]);

  if (!shown) return null;
  return (
    <aside ref={barRef} className={cx('floating-bar', className)} aria-label={label}>
      <div className="floating-bar__inner">{children}</div>
    </aside>
  );
}
