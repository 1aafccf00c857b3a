import { medicalDirectorOf } from '@elmwood/domain';
import { useWhoPrescribes } from '../../prescribers/index';
import { Registration } from '../../../ui/Registration';
import { initialsOf } from '../../../ui/initials';
import type { TreatmentQuote as Quote } from '../popupContent';

export function TreatmentQuote({ quote }: { quote: Quote }) {
  const director = useWhoPrescribes().data;
  const medicalDirector = director ? medicalDirectorOf(director) : null;
  return (
    <figure className="treatment-quote">
      <blockquote className="treatment-quote__text">
        <p>{quote.text}</p>
      </blockquote>
      {quote.author ? (
        <figcaption className="treatment-quote__who">
          <span className="treatment-quote__avatar" aria-hidden="true">
            {initialsOf(quote.author)}
          </span>
          <span>
            <span className="treatment-quote__author">{quote.author}</span>
            {quote.role ? <span className="treatment-quote__role">{quote.role}</span> : null}
            {/* The medical director's quote carries their registration, as the recommendations page does. */}
            {medicalDirector && quote.author === medicalDirector.name ? <Registration {...medicalDirector.registration} /> : null}
          </span>
        </figcaption>
      ) : null}
    </figure>
  );
}
