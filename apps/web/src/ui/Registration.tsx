import type { RegistrationBody } from '@elmwood/domain';

/** A prescriber's registration with their entry on the regulator's public register, so a patient can check it themselves. */
export function Registration({ body, number, url }: { body: RegistrationBody; number: string; url: string | null }) {
  return (
    <span className="gmc-registration">
      {' '}
      · {body} number {number}
      {url ? (
        <>
          {' '}
          (
          <a href={url} target="_blank" rel="noopener noreferrer">
            check it on the {body} register<span className="visually-hidden">{' '}(opens in a new window)</span>
          </a>
          )
        </>
      ) : null}
    </span>
  );
}
