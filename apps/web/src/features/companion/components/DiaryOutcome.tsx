import { CARE_CONTACTS, urgentContactLine, type DiaryEntryReply } from '@elmwood/domain';
import { YellowCardNote } from '../../../ui/YellowCardNote';

const TITLES: Record<DiaryEntryReply['outcome'], string> = {
  urgent: 'What to do now',
  review: 'We have asked a prescriber to review your diary',
  'self-care': 'Added to your diary',
};

/**
 * What the triage says about the entry just logged: for an urgent one, the instructions at once (announced as an
 * alert), the numbers to call and when a prescriber will phone; for a review, what happens next; otherwise the
 * clinic's advice for the side effect, with its source. Always the Yellow Card scheme.
 */
export function DiaryOutcome({ reply }: { reply: DiaryEntryReply }) {
  const urgent = reply.outcome === 'urgent';
  const contacts = [...new Set(reply.instructions.map((line) => line.contact).filter((contact) => contact !== null))];
  return (
    <div className={`triage triage--${reply.outcome}`} role={urgent ? 'alert' : 'status'}>
      <h3>{TITLES[reply.outcome]}</h3>
      {reply.instructions.map((line) => (
        <p key={line.ruleId}>{line.text}</p>
      ))}
      {contacts.length > 0 ? (
        <div className="triage__calls">
          {contacts.map((contact) => (
            <a key={contact} className="btn btn--primary btn--md" href={CARE_CONTACTS[contact].href}>
              <span className="btn__label">{CARE_CONTACTS[contact].label}</span>
            </a>
          ))}
        </div>
      ) : null}
      {reply.contactBy ? <p>{urgentContactLine(new Date(reply.contactBy))}</p> : null}
      {reply.advice ? (
        <>
          <ul>
            {reply.advice.advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="triage__source">Source: {reply.advice.source}.</p>
        </>
      ) : null}
      {!urgent ? <p>If it gets worse, or you feel very unwell, call NHS 111. In an emergency, call 999.</p> : null}
      <YellowCardNote />
    </div>
  );
}
