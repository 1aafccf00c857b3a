import { Link } from 'react-router';
import { GP_LETTER_REASONS } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useLettersToPost } from '../api';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';

/** /clinic/gp-letters — letters to GPs whose practice has no known email: printed and posted, the oldest first. */
export function Component() {
  useDocumentTitle('Letters to post');
  const letters = useLettersToPost();
  return (
    <div className="clinic-page">
      <h1>Letters to post</h1>
      <p>Letters to patients’ GPs whose practice has no email address we know. Open each one, print it, post it, then mark it posted.</p>
      {letters.isPending ? (
        <LoadStatus status="loading" />
      ) : letters.isError ? (
        <LoadStatus status="error" onRetry={() => void letters.refetch()} />
      ) : letters.data.length === 0 ? (
        <EmptyState title="No letters to post" message="Letters to practices without an email address appear here after a prescriber approves." />
      ) : (
        <TableScroll label="Letters to post">
          <table className="clinic-table">
            <caption className="visually-hidden">Letters to post, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Practice</th>
                <th scope="col">Order</th>
                <th scope="col">Letter</th>
                <th scope="col">Written</th>
              </tr>
            </thead>
            <tbody>
              {letters.data.map((letter) => (
                <tr key={letter.id}>
                  <td>
                    <Link to={`/clinic/gp-letters/${encodeURIComponent(letter.id)}`}>
                      {letter.patient}
                      <span className="visually-hidden">: open the letter to print</span>
                    </Link>
                  </td>
                  <td>{letter.practice ?? 'Practice not given'}</td>
                  <td>
                    <Link to={`/clinic/orders/${encodeURIComponent(letter.orderNumber)}`}>{letter.orderNumber}</Link>
                  </td>
                  <td>
                    {GP_LETTER_REASONS[letter.reason]}: {letter.medicine} {letter.dose}
                  </td>
                  <td>{formatDateTime(letter.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
