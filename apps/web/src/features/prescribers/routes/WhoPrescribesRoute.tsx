import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useWhoPrescribes } from '../api';
import '../prescribers.css';

const REGISTERS = { GMC: 'General Medical Council', GPhC: 'General Pharmaceutical Council' } as const;

/** /who-prescribes: each prescriber, the register that holds them and how to check it, the service and the pharmacy. */
export function Component() {
  useDocumentTitle('Who prescribes');
  const query = useWhoPrescribes();
  return (
    <article className="container page who-prescribes">
      <h1>Who prescribes</h1>
      <p className="who-prescribes__intro">
        Every prescription is decided by one of the registered prescribers below, after they have reviewed your
        consultation. You can check each registration on the regulator's public register.
      </p>
      {query.data ? (
        <>
          <section aria-labelledby="prescribers-title">
            <h2 id="prescribers-title">Our prescribers</h2>
            <ul className="who-prescribes__list">
              {query.data.prescribers.map((prescriber) => (
                <li key={`${prescriber.registration.body}-${prescriber.registration.number}`} className="who-prescribes__card">
                  <h3>{prescriber.name}</h3>
                  <p>
                    {prescriber.profession}
                    {prescriber.role ? `, ${prescriber.role}` : ''}
                  </p>
                  <p>
                    {REGISTERS[prescriber.registration.body]} ({prescriber.registration.body}) number {prescriber.registration.number}
                    {prescriber.registration.url ? (
                      <>
                        {' · '}
                        <a href={prescriber.registration.url} target="_blank" rel="noopener noreferrer">
                          Check {prescriber.name}'s registration<span className="visually-hidden"> (opens in a new window)</span>
                        </a>
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="service-title">
            <h2 id="service-title">The prescribing service</h2>
            <AddressLines lines={query.data.prescribingService.address} />
          </section>
          <section aria-labelledby="pharmacy-title">
            <h2 id="pharmacy-title">The pharmacy</h2>
            <p>
              Your medicine is dispensed by {query.data.pharmacy.name}, a pharmacy registered with the General Pharmaceutical
              Council, registration number {query.data.pharmacy.gphcNumber}
              {query.data.pharmacy.url ? (
                <>
                  {' '}
                  (
                  <a href={query.data.pharmacy.url} target="_blank" rel="noopener noreferrer">
                    check the pharmacy's registration<span className="visually-hidden"> (opens in a new window)</span>
                  </a>
                  )
                </>
              ) : null}
              .
            </p>
            <AddressLines lines={query.data.pharmacy.address} />
          </section>
        </>
      ) : (
        <LoadStatus status={query.isError ? 'error' : 'loading'} onRetry={() => void query.refetch()} />
      )}
    </article>
  );
}

/** A postal address, a line each. */
function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <address>
      {lines.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
