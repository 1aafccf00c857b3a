import { MEDICAL_DIRECTOR_GMC_NUMBER, MEDICAL_DIRECTOR_NAME } from '../../../lib/config';
import { GmcRegistration } from '../../../ui/GmcRegistration';
import { initialsOf } from '../../../ui/initials';
import type { TreatmentQuote as Quote } from '../popupContent';

export function TreatmentQuote({ quote }: { quote: Quote }) {
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
            {quote.author === MEDICAL_DIRECTOR_NAME ? <GmcRegistration number={MEDICAL_DIRECTOR_GMC_NUMBER} /> : null}
          </span>
        </figcaption>
      ) : null}
    </figure>
  );
}
