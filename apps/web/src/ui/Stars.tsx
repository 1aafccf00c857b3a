import { starsInHalfSteps } from '@elmwood/domain';
import './Stars.css';

/**
 * Five stars drawn in half steps (4.3 draws four and a half). Read out as the rating itself to one decimal,
 * 'Rated 4.3 out of 5', so the words never differ from the 'x/5' printed beside them.
 */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const shown = starsInHalfSteps(rating);
  const spoken = Number(Math.min(5, Math.max(0, rating)).toFixed(1));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={`Rated ${spoken} out of 5`} data-stars={shown}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = shown >= position ? 'full' : shown >= position - 0.5 ? 'half' : 'empty';
        return <span key={position} className={`stars__star stars__star--${fill}`} aria-hidden="true" />;
      })}
    </span>
  );
}
