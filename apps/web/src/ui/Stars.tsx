import { starsInHalfSteps } from '@elmwood/domain';
import './Stars.css';

/** Five stars in half steps, read out as 'Rated 4.5 out of 5'. */
export function Stars({ rating }: { rating: number }) {
  const shown = starsInHalfSteps(rating);
  return (
    <span className="stars" role="img" aria-label={`Rated ${shown} out of 5`}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = shown >= position ? 'full' : shown >= position - 0.5 ? 'half' : 'empty';
        return <span key={position} className={`stars__star stars__star--${fill}`} aria-hidden="true" />;
      })}
    </span>
  );
}
