import { Link } from 'react-router';
import { withoutSecondOfClass, type ActiveTreatment, type RecommendedTreatment } from '@elmwood/domain';
import { ButtonLink } from '../../../ui/Button';
import { formatUkDate } from '../dates';
import { ProductThumb } from './ProductThumb';

/** Treatments on a plan; each opens its plan page with the quick actions. */
export function ActiveTreatments({ treatments }: { treatments: readonly ActiveTreatment[] }) {
  return (
    <section className="account-card" aria-labelledby="active-title">
      <h2 id="active-title">Your treatments</h2>
      {treatments.length === 0 ? (
        <p className="account-muted">You have no active treatments.</p>
      ) : (
        <ul className="account-list">
          {treatments.map((treatment) => (
            <li key={treatment.subscriptionId} className="account-list__item">
              <ProductThumb image={treatment.image} />
              <div>
                <Link className="account-list__link" to={`/account/plan/${encodeURIComponent(treatment.subscriptionId)}`}>
                  {treatment.title}
                </Link>
                <p className="account-muted">{treatment.subtitle}</p>
                <p className="account-muted">Next delivery {formatUkDate(treatment.nextDeliveryDate)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Other treatments of the categories the patient buys from; never a second medicine of a class they are on. */
export function RecommendedTreatments({ treatments: all, taken }: { treatments: readonly RecommendedTreatment[]; taken: readonly (string | null)[] }) {
  const treatments = withoutSecondOfClass(all, taken.filter((code): code is string => code !== null), (treatment) => treatment.code);
  if (treatments.length === 0) return null;
  return (
    <section className="account-card" aria-labelledby="recommended-title">
      <h2 id="recommended-title">Recommended for you</h2>
      <ul className="account-list">
        {treatments.map((treatment) => (
          <li key={treatment.code} className="account-list__item">
            <ProductThumb image={treatment.image} />
            <div>
              <p className="account-list__title">{treatment.title}</p>
              <p className="account-muted">{treatment.subtitle}</p>
              <ButtonLink variant="link" to={treatment.consultationSlug ? `/n/${treatment.consultationSlug}/quiz/1` : `/products/${treatment.slug}`}>
                {treatment.consultationSlug ? `Start your consultation for ${treatment.title}` : `About ${treatment.title}`}
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
