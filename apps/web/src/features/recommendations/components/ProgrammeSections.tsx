import { effectivePrice, formatPrice, groupRating, ratingOutOfFive, type Product } from '@elmwood/domain';
import { Accordion } from '../../../ui/Accordion';
import { Carousel } from '../../../ui/Carousel';
import { Stars } from '../../../ui/Stars';
import { MEDICAL_DIRECTOR, type ProgrammeContent } from '../content';
import { reviewSummaries } from '../reviews';

/** The recommended treatments side by side (SPEC §3 recommendation carousel item). */
export function ProductCarousel({ products }: { products: readonly Product[] }) {
  if (products.length === 0) return null;
  return (
    <Carousel
      className="carousel--products"
      label="Recommended treatments"
      slideNoun="Treatment"
      slides={products.map((product) => {
        const monthly = product.variants.flatMap((variant) => variant.prices.filter((price) => price.freq === 30).map(effectivePrice));
        const doses = product.variants.filter((variant) => variant.inStock).map((variant) => variant.dosage);
        return (
          <article key={product.code} className="product-slide">
            <img src={product.images[0]?.sizes['1x'] ?? '/images/products/placeholder.svg'} alt="" width={96} height={96} />
            <h3>{product.name}</h3>
            {monthly.length ? <p className="product-slide__price">From {formatPrice(Math.min(...monthly))} a month</p> : null}
            <ul>
              <li>{product.shortDescription}</li>
              {doses.length ? <li>Doses: {doses.length > 1 ? `${doses[0]} to ${doses.at(-1)}` : doses[0]}</li> : <li>Out of stock</li>}
            </ul>
          </article>
        );
      })}
    />
  );
}

export function HowItWorks({ content, products = [] }: { content: ProgrammeContent; products?: readonly Product[] }) {
  return (
    <section className="rec-section" aria-labelledby="how-it-works">
      <h2 id="how-it-works">{content.planHeading}</h2>
      <p>{content.planDescription}</p>
      <table className="how-table">
        <caption className="visually-hidden">How it works</caption>
        <tbody>
          {content.howItWorks.map((row) => (
            <tr key={row.step}>
              <th scope="row">{row.step}</th>
              <td>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="persona">
        <h3>{content.persona.title}</h3>
        <p>{content.persona.text}</p>
      </div>
      <ProductCarousel products={products} />
    </section>
  );
}

export function Rating({ group }: { group: string | null }) {
  const { rating, label, reviews } = groupRating(reviewSummaries(group));
  return (
    <section className="rec-section rating" aria-labelledby="rating-title">
      <h2 id="rating-title" className="visually-hidden">
        What patients say
      </h2>
      <p className="rating__line">
        <strong>{label}</strong> <Stars rating={rating} /> <span>{ratingOutOfFive(rating)}</span>
        {reviews > 0 ? <span className="rating__count"> from {reviews} reviews</span> : null}
      </p>
    </section>
  );
}

export function Experts() {
  return (
    <section className="rec-section experts" aria-labelledby="experts-title">
      <h2 id="experts-title">Our clinical team is here for you</h2>
      <p>Prescribers, pharmacists and coaches answer messages seven days a week.</p>
      <p>
        Prefer to talk it through? <a href="tel:+442079460000">Book a call on 020 7946 0000</a> (Monday to Friday, 9am to 6pm).
      </p>
    </section>
  );
}

export function Testimonials({ content }: { content: ProgrammeContent }) {
  if (content.testimonials.length === 0) return null;
  return (
    <section className="rec-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Patients on the programme</h2>
      <Carousel
        label="Patient stories"
        slideNoun="Story"
        slides={content.testimonials.map((story) => (
          <figure key={story.name} className="testimonial">
            <div className="testimonial__pictures" role="img" aria-label={`Illustration of ${story.name} before (${story.before}) and after (${story.after})`}>
              <span className="testimonial__silhouette testimonial__silhouette--before">Before · {story.before}</span>
              <span className="testimonial__silhouette testimonial__silhouette--after">After · {story.after}</span>
            </div>
            <blockquote>{story.text}</blockquote>
            <figcaption>
              {story.name}, {story.age}. Illustrative; results vary.
            </figcaption>
          </figure>
        ))}
      />
    </section>
  );
}

export function Faq({ content }: { content: ProgrammeContent }) {
  return (
    <section className="rec-section" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      <Accordion items={content.faq.map((item) => ({ id: item.id, title: item.title, content: <p>{item.text}</p> }))} />
    </section>
  );
}

export function MedicalDirector() {
  return (
    <section className="rec-section director" aria-labelledby="director-title">
      <h2 id="director-title" className="visually-hidden">
        From our medical director
      </h2>
      <span className="director__avatar" aria-hidden="true">
        {MEDICAL_DIRECTOR.initials}
      </span>
      <figure className="director__quote">
        <blockquote>{MEDICAL_DIRECTOR.quote}</blockquote>
        <figcaption>
          {MEDICAL_DIRECTOR.name}, {MEDICAL_DIRECTOR.title}
        </figcaption>
      </figure>
    </section>
  );
}
