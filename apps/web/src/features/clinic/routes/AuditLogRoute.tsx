import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE, type AuditLogPage } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { TextField } from '../../../ui/TextField';
import { auditCsvUrl, useAuditLog, type AuditFilters } from '../api';
import { FormError } from '../components/FormError';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';
import { ROLE_NAMES } from '../roles';

const FILTERS = ['orderNumber', 'patient', 'staffId', 'from', 'to'] as const;

/** The filters and page in the address bar, so a filtered page can be shared and the back button pages back. */
function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of [...FILTERS, 'page'] as const) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

function FilterForm({ filters, read, onApply }: { filters: AuditFilters; read: AuditLogPage | undefined; onApply: (next: AuditFilters) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const key of FILTERS) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    onApply(next);
  };
  return (
    // Keyed by what it shows, so it shows the dates the log was read for once they are known.
    <form key={`${JSON.stringify(filters)}|${read?.from}|${read?.to}`} className="clinic-audit__filters" onSubmit={submit} aria-label="Filter the audit log">
      <TextField label="Order number" name="orderNumber" defaultValue={filters.orderNumber ?? ''} autoComplete="off" />
      <TextField label="Patient" hint="Name or email" name="patient" defaultValue={filters.patient ?? ''} autoComplete="off" />
      <div className="field">
        <label className="field__label" htmlFor="clinic-audit-staff">
          Staff member
        </label>
        <select id="clinic-audit-staff" name="staffId" className="field__input" defaultValue={filters.staffId ?? ''}>
          <option value="">Anyone</option>
          {read?.staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} ({ROLE_NAMES[member.role]})
            </option>
          ))}
        </select>
      </div>
      <TextField label="From" type="date" name="from" defaultValue={filters.from ?? read?.from ?? ''} />
      <TextField label="To" type="date" name="to" defaultValue={filters.to ?? read?.to ?? ''} />
      <div className="clinic-audit__apply">
        <Button type="submit">Show entries</Button>
      </div>
    </form>
  );
}

function Entries({ read }: { read: AuditLogPage }) {
  if (read.entries.length === 0) return <EmptyState title="No entries" message="Nothing in the audit log matches these filters." />;
  return (
    <TableScroll label="Audit log entries">
      <table className="clinic-table clinic-audit__table">
        <caption className="visually-hidden">Audit log entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Patient</th>
            <th scope="col">Order</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {read.entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td>
                {entry.staff ? (
                  <>
                    {entry.staff.name} <span className="clinic-muted">({ROLE_NAMES[entry.staff.role]})</span>
                  </>
                ) : (
                  // The patient's own clinical event (a side-effect report).
                  <span className="clinic-muted">The patient</span>
                )}
              </td>
              <td>{entry.action}</td>
              <td className="clinic-audit__patient">{entry.patient?.name ?? '—'}</td>
              <td>{entry.orderNumber ? <Link className="clinic-audit__number" to={`/clinic/orders/${encodeURIComponent(entry.orderNumber)}`}>
                    {entry.orderNumber}
                  </Link> : '—'}</td>
              <td>{entry.details || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Pages({ read, filters }: { read: AuditLogPage; filters: AuditFilters }) {
  const to = (page: number) => `?${new URLSearchParams({ ...filters, page: String(page) }).toString()}`;
  const first = (read.page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(read.total, read.page * AUDIT_PAGE_SIZE);
  return (
    <nav className="clinic-audit__pages" aria-label="Audit log pages">
      <p>
        {read.total === 0 ? 'No entries' : `Entries ${first} to ${last} of ${read.total}`}, page {read.page} of {read.pageCount}
      </p>
      {read.page > 1 ? <Link to={to(read.page - 1)}>Previous page</Link> : null}
      {read.page < read.pageCount ? <Link to={to(read.page + 1)}>Next page</Link> : null}
    </nav>
  );
}

/** /clinic/audit — (admin) who read or did what, filtered by order, patient, staff member and days, and its CSV. */
export function Component() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const log = useAuditLog(filters);
  if (log.isError && isApiError(log.error) && log.error.status === 403) {
    return <EmptyState headingLevel={1} title="Audit log" message="Only admins can read the audit log." />;
  }
  const read = log.data;
  const exported = { ...filters, ...(read ? { from: read.from, to: read.to } : {}) };
  return (
    <div className="clinic-page">
      <div className="clinic-page__head">
        <h1>Audit log</h1>
        <a className={buttonClass({ variant: 'secondary' })} href={auditCsvUrl(exported)} download>
          Download CSV
        </a>
      </div>
      <p>Every read of a patient’s data and every decision by staff, and the clinical events patients raise themselves, newest first. Reading this page is recorded too.</p>
      <FilterForm filters={filters} read={read} onApply={(next) => setParams(new URLSearchParams(next))} />
      {log.isPending ? (
        <LoadStatus status="loading" />
      ) : log.isError ? (
        isApiError(log.error) && log.error.status === 400 ? (
          <FormError error={log.error} />
        ) : (
          <LoadStatus status="error" onRetry={() => void log.refetch()} />
        )
      ) : (
        <>
          <Entries read={log.data} />
          <Pages read={log.data} filters={filters} />
        </>
      )}
    </div>
  );
}
