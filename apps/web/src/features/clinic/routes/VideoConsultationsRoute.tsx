import { Link, useSearchParams } from 'react-router';
import { formatCallTime } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useClinicVideoConsultations } from '../api';
import { TableScroll } from '../components/TableScroll';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';

/** /clinic/video-consultations — the consultations still ahead or under way: a prescriber's own, or everyone's. */
export function Component() {
  useDocumentTitle('Video consultations');
  const staff = useStaff();
  const [search, setSearch] = useSearchParams();
  const all = search.get('all') === 'true' || !can(staff.role, 'decide');
  const list = useClinicVideoConsultations(all);
  return (
    <div className="clinic-page">
      <div className="clinic-page__head">
        <h1>Video consultations</h1>
      </div>
      {can(staff.role, 'decide') ? (
        <p>
          {all ? (
            <Link to="?" onClick={() => setSearch({})}>
              Show only mine
            </Link>
          ) : (
            <Link to="?all=true">Show every prescriber’s</Link>
          )}
        </p>
      ) : null}
      {list.isPending ? <LoadStatus status="loading" /> : null}
      {list.isError ? <LoadStatus status="error" onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.consultations.length === 0 ? <p>No video consultations are booked.</p> : null}
      {list.data && list.data.consultations.length > 0 ? (
        <TableScroll label="Video consultations">
          <table className="clinic-table">
            <thead>
              <tr>
                <th scope="col">When (UK time)</th>
                <th scope="col">Patient</th>
                <th scope="col">Order</th>
                <th scope="col">Prescriber</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.consultations.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <Link to={`/clinic/video-consultations/${encodeURIComponent(entry.id)}`}>{formatCallTime(entry.startsAt)}</Link>
                  </td>
                  <td>{entry.patient.name}</td>
                  <td>{entry.orderNumber ?? '—'}</td>
                  <td>{entry.prescriber}</td>
                  <td>{entry.verificationId ? <Tag tone="info">Verified</Tag> : entry.canJoin ? <Tag tone="accent">Open now</Tag> : 'Booked'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
