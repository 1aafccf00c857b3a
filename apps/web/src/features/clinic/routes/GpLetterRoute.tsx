import { Link, useParams } from 'react-router';
import type { GpLetterContent, GpLetterSummary } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { letterPdfUrl, useGpLetter, useMarkLetterPosted } from '../api';
import { FormError } from '../components/FormError';

const STATE_NAMES: Record<GpLetterSummary['state'], string> = { writing: 'Being written', emailed: 'Emailed to the practice', to_post: 'To post', posted: 'Posted' };

/** The letter as the practice reads it: the same words as its PDF (domain gpLetterContent), laid out to print on A4. */
function Letter({ content }: { content: GpLetterContent }) {
  return (
    <article className="clinic-letter" aria-label="The letter">
      <header className="clinic-letter__head">
        <p className="clinic-letter__brand">{content.letterhead.brandName}</p>
        {content.letterhead.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </header>
      {content.recipient ? (
        <address>
          {content.recipient.map((line, index) => (
            <span key={index}>
              {line}
              <br />
            </span>
          ))}
        </address>
      ) : null}
      <p>{content.date}</p>
      <p>
        <strong>{content.regarding}</strong>
      </p>
      {content.patientAddress ? <p className="clinic-letter__muted">{content.patientAddress}</p> : null}
      <p>{content.salutation}</p>
      <p>{content.opening}</p>
      {content.sections.map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <h2>{section.heading}</h2>
          {section.bulleted ? (
            <ul>
              {section.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            section.lines.map((line) => <p key={line}>{line}</p>)
          )}
          {section.link ? (
            <p className="clinic-letter__link">
              <a href={section.link}>{section.link}</a>
            </p>
          ) : null}
          {section.after.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      ))}
      <div className="clinic-letter__closing">
        <p>{content.closing.valediction}</p>
        <p>
          <strong>{content.closing.name}</strong>
        </p>
        {content.closing.lines.map((line) => (
          <p key={line} className="clinic-letter__muted">
            {line}
          </p>
        ))}
      </div>
    </article>
  );
}

/** /clinic/gp-letters/:id — one letter to a GP (the read is audited): print it, open its PDF, mark it posted. */
export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Letter to the GP');
  const view = useGpLetter(id);
  const posted = useMarkLetterPosted(id);
  if (view.isPending) return <LoadStatus status="loading" />;
  if (view.isError) {
    if (isApiError(view.error) && (view.error.isNotFound || view.error.status === 400)) {
      return <EmptyState headingLevel={1} title="No such letter" message={<Link to="/clinic/gp-letters">Back to the letters to post</Link>} />;
    }
    return <LoadStatus status="error" onRetry={() => void view.refetch()} />;
  }
  const { letter, content } = view.data;
  return (
    <div className="clinic-page clinic-letter-page">
      <p>
        <Link to="/clinic/gp-letters">Back to the letters to post</Link>
      </p>
      <div className="clinic-page__head">
        <h1>
          Letter to the GP about {letter.patient}, order {letter.orderNumber}
        </h1>
        <Tag tone={letter.state === 'to_post' ? 'accent' : 'success'}>{STATE_NAMES[letter.state]}</Tag>
      </div>
      <div className="clinic-letter-tools">
        <Button onClick={() => window.print()}>Print the letter</Button>
        <a href={letterPdfUrl(letter.id)} target="_blank" rel="noreferrer">
          Open the PDF<span className="visually-hidden"> (opens in a new window)</span>
        </a>
        {letter.state === 'to_post' ? (
          <Button variant="secondary" loading={posted.isPending} onClick={() => posted.mutate()}>
            Mark as posted
          </Button>
        ) : null}
        <p role="status" className="clinic-decision__result">
          {posted.isSuccess ? 'Marked as posted. It has left the list of letters to post.' : ''}
        </p>
        <FormError error={posted.error} />
      </div>
      <Letter content={content} />
    </div>
  );
}
