import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BRAND_NAME } from '../../../lib/config';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { usePackingSlip } from '../api';
import { formatDate } from '../format';
import { TableScroll } from '../components/TableScroll';

export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Packing slip ${number}`);
  const slip = usePackingSlip(number);
  if (slip.isPending) return <LoadStatus status="loading" />;
  if (slip.isError) return <LoadStatus status="error" onRetry={() => void slip.refetch()} />;
  const { recipient, items } = slip.data;
  return (
    <div className="clinic-page clinic-slip">
      <div className="clinic-slip__tools">
        <Link to="/clinic/dispatch">Back to dispatch</Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <h1>
        {BRAND_NAME} packing slip: order {slip.data.orderNumber}
      </h1>
      <p>
        Placed {formatDate(slip.data.placedAt)}
        {slip.data.approvedAt ? `, approved ${formatDate(slip.data.approvedAt)}` : ''}
        {slip.data.approvedBy ? ` by ${slip.data.approvedBy}` : ''}.
      </p>
      <h2>Deliver to</h2>
      <address className="clinic-slip__address">
        {recipient.name}
        {recipient.lines.map((line) => (
          <span key={line}>
            <br />
            {line}
          </span>
        ))}
        <br />
        {recipient.postcode}
        {recipient.phoneNumber ? (
          <>
            <br />
            {recipient.phoneNumber}
          </>
        ) : null}
      </address>
      {slip.data.dateOfBirth ? <p>Date of birth: {slip.data.dateOfBirth}</p> : null}
      <h2>Items</h2>
      <TableScroll label="Items to pack">
        <table className="clinic-table">
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Item</th>
              <th scope="col">Dose</th>
              <th scope="col">Prescription only</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.productName}-${item.variantName}`}>
                <td>{item.quantity}</td>
                <td>
                  {item.productName}, {item.variantName}
                </td>
                <td>{item.dosage}</td>
                <td>{item.isPrescriptionOnly ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
