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
            {initials(quote.author)}
          </span>
          <span>
            <span className="treatment-quote__author">{quote.author}</span>
            {quote.role ? <span className="treatment-quote__role">{quote.role}</span> : null}
          </span>
        </figcaption>
      ) : null}
    </figure>
  );
}

function initials(name: string): string {
  const words = name
    .replace(/^(Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
