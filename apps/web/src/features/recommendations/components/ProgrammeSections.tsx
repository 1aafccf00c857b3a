import { ratingOutOfFive, ratingSource, type Product } from '@elmwood/domain';
import { Accordion } from '../../../ui/Accordion';
import { Carousel } from '../../../ui/Carousel';
import { Skeleton } from '../../../ui/Skeleton';
import { Stars } from '../../../ui/Stars';
import { CARE_EMAIL, CARE_HOURS, CARE_PHONE, CARE_PHONE_HREF } from '../../../lib/config';
import { medicalDirectorOf } from '@elmwood/domain';
import { useWhoPrescribes } from '../../prescribers/index';
import { Registration } from '../../../ui/Registration';
import { initialsOf } from '../../../ui/initials';
import { MEDICAL_DIRECTOR, type ProgrammeContent, type Testimonial } from '../content';
import { useGroupRating, useReviewsSource } from '../reviews';
import { ProductCarousel } from './ProductCarousel';

/**
 * Everything below the programme choice, from the plan to the perks: read as the patient scrolls, so its code is
 * fetched and hydrated only as it comes into view (RecommendationsBody).
 */
export function ProgrammeDetails({ content, products, ratingGroup }: { content: ProgrammeContent; products: readonly Product[]; ratingGroup: string | null }) {
  return (
    <>
      <PlanOption content={content} products={products} />
      <Rating group={ratingGroup} />
      <Experts />
      <Testimonials content={content} />
      <Faq content={content} />
      <MedicalDirector />
      <Perks />
    </>
  );
}

/** The plan option: heading, description, how-it-works table, persona box and the recommended treatments. */
export function PlanOption({ content, products }: { content: ProgrammeContent; products: readonly Product[] }) {
  return (
    <section className="rec-section" aria-labelledby="plan-title">
      <h2 id="plan-title">{content.planHeading}</h2>
      <p>{content.planDescription}</p>
      <table className="how-table">
        <caption>How it works</caption>
        <tbody>
          {content.howItWorks.map((row) => (
            <tr key={row.step}>
              <th scope="row">{row.step}</th>
              <td>
                {row.detail}
                {row.source ? <span className="how-table__source">Source: {row.source}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="persona">
        <h3>{content.persona.title}</h3>
        <p>{content.persona.text}</p>
        {content.persona.source ? <p className="persona__source">Source: {content.persona.source}</p> : null}
      </div>
      {products.length > 0 ? (
        <>
          <h3 className="rec-section__subtitle">Your treatment options</h3>
          <ProductCarousel products={products} />
        </>
      ) : null}
    </section>
  );
}

/**
 * The reviews platform's rating as 'x/5' with half-step stars, naming where it comes from (Trustpilot, or the sandbox's
 * illustrative figures). With no platform or no reviews there is no score to name, so none is shown.
 */
export function Rating({ group }: { group: string | null }) {
  const rating = useGroupRating(group);
  const source = useReviewsSource();
  if (rating.isError || source.isError) return null;
  if (!rating.data || !source.data) {
    return (
      <section className="rec-section rating" aria-label="What patients say">
        <Skeleton width="16rem" height="1.5rem" />
      </section>
    );
  }
  const said = ratingSource(source.data.platform, rating.data.reviews);
  if (!said) return null;
  return (
    <section className="rec-section rating" aria-labelledby="rating-title">
      <h2 id="rating-title" className="visually-hidden">
        What patients say
      </h2>
      <p className="rating__line">
        <strong>{rating.data.label}</strong> <Stars rating={rating.data.rating} />{' '}
        <span className="rating__score" aria-hidden="true">
          {ratingOutOfFive(rating.data.rating)}
        </span>
        <span className="rating__count">{said.full}</span>
      </p>
    </section>
  );
}

/** The clinical team, and a call with them: by phone, or by email to arrange a time. */
export function Experts() {
  const subject = encodeURIComponent('Book a call');
  return (
    <section className="rec-section experts" aria-labelledby="experts-title">
      <h2 id="experts-title">Our clinical team is here for you</h2>
      <p>UK-registered prescribers, pharmacists and coaches answer your messages {CARE_HOURS}.</p>
      <h3 className="experts__call-title">Book a call</h3>
      <p>Prefer to talk it through first? Call us, or email us a time that suits you and a clinician will ring you back.</p>
      <ul className="experts__options">
        <li>
          <a className="btn btn--secondary btn--md" href={CARE_PHONE_HREF}>
            <span className="btn__label">Call {CARE_PHONE}</span>
          </a>
        </li>
        <li>
          <a className="btn btn--link" href={`mailto:${CARE_EMAIL}?subject=${subject}`}>
            <span className="btn__label">Email to book a call</span>
          </a>
        </li>
      </ul>
      <p className="experts__hours">Lines are open {CARE_HOURS}.</p>
    </section>
  );
}

function TestimonialSlide({ story }: { story: Testimonial }) {
  return (
    <figure className="testimonial">
      {story.pictures ? (
        <div className="testimonial__pictures">
          {[story.pictures.before, story.pictures.after].map((picture) => (
            <div key={picture.src} className="testimonial__picture">
              <img src={picture.src} alt={`Illustration: ${picture.label.replace(' · ', ', ')}`} width={160} height={200} loading="lazy" />
              <span className="testimonial__label" aria-hidden="true">
                {picture.label}
              </span>
            </div>
          ))}
        </div>
      ) : null}
      <blockquote className="testimonial__quote">
        <p>{story.text}</p>
      </blockquote>
      <figcaption className="testimonial__caption">
        {story.name}, {story.age}
        {story.pictures ? <span className="testimonial__note">Pictures are illustrations, not the patient. Results vary.</span> : null}
      </figcaption>
    </figure>
  );
}

export function Testimonials({ content }: { content: ProgrammeContent }) {
  if (content.testimonials.length === 0) return null;
  return (
    <section className="rec-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Patients on the programme</h2>
      <Carousel
        className="carousel--testimonials"
        label="Patient stories"
        slideNoun="Story"
        slides={content.testimonials.map((story) => (
          <TestimonialSlide key={story.name} story={story} />
        ))}
      />
    </section>
  );
}

export function Faq({ content }: { content: ProgrammeContent }) {
  return (
    <section className="rec-section" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      <Accordion
        items={content.faq.map((item) => ({
          id: item.id,
          title: item.title,
          content: (
            <>
              <p>{item.text}</p>
              {item.source ? <p className="persona__source">Source: {item.source}</p> : null}
            </>
          ),
        }))}
      />
    </section>
  );
}

/** The medical director is the one configuration names among the prescribers ('Who prescribes'). */
export function MedicalDirector() {
  const page = useWhoPrescribes().data;
  const director = page ? medicalDirectorOf(page) : null;
  if (!director) return null;
  return (
    <section className="rec-section director" aria-labelledby="director-title">
      <h2 id="director-title" className="visually-hidden">
        From our medical director
      </h2>
      <span className="director__avatar" role="img" aria-label={`Illustrative avatar of ${director.name}`}>
        <span aria-hidden="true">{initialsOf(director.name)}</span>
      </span>
      <figure className="director__quote">
        <blockquote>
          <p>{MEDICAL_DIRECTOR.quote}</p>
        </blockquote>
        <figcaption>
          {director.name}, {MEDICAL_DIRECTOR.title}
          <Registration {...director.registration} />
        </figcaption>
      </figure>
    </section>
  );
}

/**
 * Free delivery for everyone. SPEC §1's claim that app users lose 22% more weight is left out: there is no app,
 * and a health claim is shown only with its source.
 */
export function Perks() {
  return (
    <section className="rec-section rec-perks" aria-labelledby="perks-title">
      <h2 id="perks-title" className="visually-hidden">
        Included with every plan
      </h2>
      <ul className="rec-perks__list">
        <li>
          <strong>Free delivery</strong> in plain, unbranded packaging, usually two working days after approval.
        </li>
      </ul>
    </section>
  );
}
