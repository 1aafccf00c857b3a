import { useEffect, useRef, useState } from 'react';
import type { Milestone } from '@elmwood/domain';
import { ButtonLink, Button } from '../../../ui/Button';
import { BOOK_CALL_PATH } from '../../coaches';
import { useMilestones, useMilestonesSeen } from '../api';
import { ukDay } from '../dates';

/**
 * The weight log's milestones: one just reached is shown once, kindly (the page tells the server it has shown it, and
 * keeps it here until closed); those reached before are listed quietly; a four-week plateau offers the coach.
 */
export function MilestonesSection() {
  const query = useMilestones();
  const seen = useMilestonesSeen();
  const [fresh, setFresh] = useState<Milestone[]>([]);
  const told = useRef(new Set<string>());

  useEffect(() => {
    const unseen = (query.data?.milestones ?? []).filter((milestone) => milestone.isNew && !told.current.has(milestone.code));
    if (unseen.length === 0) return;
    for (const milestone of unseen) told.current.add(milestone.code);
    setFresh((current) => [...current, ...unseen]);
    seen.mutate(unseen.map((milestone) => milestone.code));
  }, [query.data, seen]);

  if (!query.data) return null;
  const { milestones, plateau } = query.data;
  const earlier = milestones.filter((milestone) => !fresh.some((shown) => shown.code === milestone.code));
  if (milestones.length === 0 && !plateau) return null;
  return (
    <>
      <div role="status">
        {fresh.length > 0 ? (
          <section className="account-card milestone-card" aria-labelledby="milestone-new-title">
            <h2 id="milestone-new-title">{fresh.length === 1 ? fresh[0]!.title : 'New milestones'}</h2>
            {fresh.map((milestone) => (
              <div key={milestone.code}>
                {fresh.length > 1 ? <h3>{milestone.title}</h3> : null}
                <p>{milestone.text}</p>
              </div>
            ))}
            <Button variant="secondary" onClick={() => setFresh([])}>
              Close
            </Button>
          </section>
        ) : null}
      </div>
      {plateau ? (
        <section className="account-card" aria-labelledby="plateau-title">
          <h2 id="plateau-title">Your weight has held steady</h2>
          <p>{plateau.text}</p>
          <ButtonLink variant="secondary" to={BOOK_CALL_PATH}>
            Book a call with your coach
          </ButtonLink>
        </section>
      ) : null}
      {earlier.length > 0 ? (
        <section className="account-card" aria-labelledby="milestones-title">
          <h2 id="milestones-title">Your milestones</h2>
          <ul className="milestone-list">
            {earlier.map((milestone) => (
              <li key={milestone.code}>
                <span className="milestone-list__title">{milestone.title}</span> <span className="account-muted">{ukDay(milestone.reachedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
