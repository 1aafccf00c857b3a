import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';
import './Carousel.css';

interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. 'Wegovy pictures'. */
  label: string;
  slides: ReactNode[];
  /** How a slide is named: 'Picture 2 of 3'. */
  slideNoun?: string;
  className?: string;
}

/** Slides may be narrower than the track (several showing at once): step by one slide. */
function slideWidth(track: HTMLElement): number {
  return (track.firstElementChild as HTMLElement | null)?.offsetWidth || track.clientWidth;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A plain scroll-snap carousel: swipe or scroll natively, or use the previous and next buttons.
 * Nothing moves on its own, and scrolling is instant when the patient prefers reduced motion.
 */
export function Carousel({ label, slides, slideNoun = 'Slide', className }: CarouselProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const statusId = useId();

  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setIndex(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / slideWidth(track)))));
  }, [count]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => track.removeEventListener('scroll', onScroll);
  }, [onScroll]);

  const goTo = (next: number) => {
    const target = Math.min(count - 1, Math.max(0, next));
    const track = trackRef.current;
    setIndex(target);
    if (!track) return;
    const left = target * slideWidth(track);
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    if (typeof track.scrollTo === 'function') track.scrollTo({ left, behavior });
    else track.scrollLeft = left;
  };

  if (count === 0) return null;

  return (
    <section className={cx('carousel', className)} aria-roledescription="carousel" aria-label={label}>
      {/* Focusable so the slides can be scrolled with the keyboard too. */}
      <div className="carousel__track" ref={trackRef} tabIndex={0}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideNoun} ${i + 1} of ${count}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => goTo(index - 1)}
            disabled={index === 0}
            aria-label={`Previous ${slideNoun.toLowerCase()}`}
            aria-describedby={statusId}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <span className="carousel__status" id={statusId} aria-live="polite">
            {slideNoun} {index + 1} of {count}
          </span>
          <button
            type="button"
            className="carousel__button"
            onClick={() => goTo(index + 1)}
            disabled={index === count - 1}
            aria-label={`Next ${slideNoun.toLowerCase()}`}
            aria-describedby={statusId}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
