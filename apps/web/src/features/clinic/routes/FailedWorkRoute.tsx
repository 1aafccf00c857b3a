import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { QueryContent } from '../../../ui/QueryContent';
import { useFailedWork, useRetryFailedWork } from '../api';
import { FormError } from '../components/FormError';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';

/** /clinic/failed-work — (admin) background work that failed on every try, to look into and try again. */
export function Component() {
  useDocumentTitle('Failed work');
  const list = useFailedWork();
  const retry = useRetryFailedWork();
  const [done, setDone] = useState('');
  return (
    <div className="clinic-page">
      <h1>Failed work</h1>
      <p>
        The shop tried this work several times, over hours, and it failed each time. Nothing more happens until someone tries it again. Check the reason first: a payment
        provider or mail service that was down can simply be tried again.
      </p>
      <p role="status">{done}</p>
      <FormError error={retry.error} />
      <QueryContent query={list} isEmpty={(data) => data.items.length === 0} empty={{ title: 'No failed work', message: 'Work that fails on every try appears here.' }}>
        {(data) => (
        <TableScroll label="Failed work">
          <table className="clinic-table">
            <caption className="visually-hidden">Failed work, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Work</th>
                <th scope="col">What</th>
                <th scope="col">Gave up at</th>
                <th scope="col">Last error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.kind}</td>
                  <td>{item.what}</td>
                  <td>{formatDateTime(item.failedAt)}</td>
                  <td>{item.reason}</td>
                  <td>
                    <Button
                      loading={retry.isPending && retry.variables === item.id}
                      onClick={() => retry.mutate(item.id, { onSuccess: () => setDone(`Queued again: ${item.what}.`) })}
                      aria-label={`Try again: ${item.what}`}
                    >
                      Try again
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        )}
      </QueryContent>
    </div>
  );
}
