import { YELLOW_CARD } from '@elmwood/domain';

/** The MHRA Yellow Card scheme, after every side-effect outcome a patient sees. */
export function YellowCardNote() {
  return (
    <p>
      {YELLOW_CARD.before}
      <a href={YELLOW_CARD.url} target="_blank" rel="noreferrer">
        {YELLOW_CARD.linkText}
      </a>
      {YELLOW_CARD.after}
    </p>
  );
}
