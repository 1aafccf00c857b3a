import { gmcRegisterUrl } from '@elmwood/domain';

/** A doctor's GMC number with its entry on the GMC's online register, so a patient can check it themselves. */
export function GmcRegistration({ number }: { number: string }) {
  const url = gmcRegisterUrl(number);
  if (!url) return null;
  return (
    <span className="gmc-registration">
      {' '}
      · GMC number {number} (
      <a href={url} target="_blank" rel="noopener noreferrer">
        check it on the GMC register<span className="visually-hidden">{' '}(opens in a new window)</span>
      </a>
      )
    </span>
  );
}
