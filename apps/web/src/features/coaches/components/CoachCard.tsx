import { cardSpecialisms, type Coach } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Tag } from '../../../ui/Tag';
import { CoachProfileDialog } from './CoachProfileDialog';

/** A coach card (SPEC §2): photo, name, the first 3 specialism tags (SPEC §9), 'View profile' and 'Choose {first name}'. */
export function CoachCard({ coach, onChoose, choosing }: { coach: Coach; onChoose: () => void; choosing: boolean }) {
  const headingId = `coach-${coach.id}`;
  return (
    <li className="coach-card" aria-labelledby={headingId}>
      <img className="coach-card__photo" src={coach.images.mainImg} alt="" width={96} height={96} />
      <div className="coach-card__body">
        <h2 id={headingId} className="coach-card__name">
          {coach.firstName} {coach.lastName}
        </h2>
        <p className="account-muted">{coach.description}</p>
        <ul className="coach-card__tags" aria-label="Specialisms">
          {cardSpecialisms(coach).map((tag) => (
            <li key={tag}>
              <Tag tone="neutral">{tag}</Tag>
            </li>
          ))}
        </ul>
        <div className="coach-card__actions">
          <CoachProfileDialog coach={coach} onChoose={onChoose} choosing={choosing} />
          <Button loading={choosing} onClick={onChoose}>
            Choose {coach.firstName}
          </Button>
        </div>
      </div>
    </li>
  );
}
