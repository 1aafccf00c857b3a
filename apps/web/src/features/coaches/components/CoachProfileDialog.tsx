import type { Coach } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** The coach's profile popup (SPEC §2): qualifications, about, approach, how we will work, testimonials. */
export function CoachProfileDialog({ coach, onChoose, choosing }: { coach: Coach; onChoose: () => void; choosing: boolean }) {
  return (
    <Dialog
      size="lg"
      title={`${coach.firstName} ${coach.lastName}`}
      description={coach.description}
      trigger={
        <Button variant="secondary" aria-label={`View profile of ${coach.firstName} ${coach.lastName}`}>
          View profile
        </Button>
      }
      footer={
        <Button block loading={choosing} onClick={onChoose}>
          Choose {coach.firstName}
        </Button>
      }
    >
      <div className="coach-profile">
        <img className="coach-profile__photo" src={coach.images.modalImg} alt={`Illustrated portrait of ${coach.firstName}`} width={120} height={120} />
        <h3>Qualifications</h3>
        <ul>
          {coach.qualifications.map((qualification) => (
            <li key={qualification}>{qualification}</li>
          ))}
        </ul>
        <h3>About</h3>
        <p>{coach.about}</p>
        <h3>Approach</h3>
        <p>{coach.approach}</p>
        <h3>How we will work</h3>
        <p>{coach.howWeWillWork}</p>
        <h3>What patients say</h3>
        <ul className="coach-profile__testimonials">
          {coach.testimonials.map((testimonial) => (
            <li key={testimonial.title}>
              <figure>
                <blockquote>
                  <p className="coach-profile__quote-title">{testimonial.title}</p>
                  <p>{testimonial.description}</p>
                </blockquote>
                <figcaption>
                  {testimonial.name}, {testimonial.footer}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
