import type { KeptRecordsView } from '@elmwood/domain';
import './KeptRecords.css';

/** What stays after the account is deleted: each kind of record, why the law keeps it, for how long, and what follows. */
export function KeptRecordsList({ view }: { view: KeptRecordsView }) {
  return (
    <div className="kept-records">
      <h3 id="kept-records-title" className="details-subheading">What we keep, and why</h3>
      <ul className="kept-records__list" aria-labelledby="kept-records-title">
        {view.records.map((record) => (
          <li key={record.kind} className="kept-records__item">
            <h4>{record.title}</h4>
            <p>{record.includes}</p>
            <dl className="kept-records__facts">
              <div>
                <dt>How long</dt>
                <dd>{record.period}</dd>
              </div>
              <div>
                <dt>Why</dt>
                <dd>
                  {record.why}
                  <ul className="kept-records__sources">
                    {record.sources.map((source) => (
                      <li key={source.url}>
                        <a href={source.url} target="_blank" rel="noopener noreferrer">
                          {source.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt>Then</dt>
                <dd>{record.afterwards}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <p className="account-muted kept-records__limit">
        {view.limit.text}{' '}
        <a href={view.limit.source.url} target="_blank" rel="noopener noreferrer">
          {view.limit.source.name}
        </a>
        . Only our clinical team can see these records.
      </p>
    </div>
  );
}
