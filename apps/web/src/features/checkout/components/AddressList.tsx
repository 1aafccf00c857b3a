import { useState } from 'react';
import { formatAddressLines } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useDeleteAddress, type SavedAddress } from '../api';

interface AddressListProps {
  addresses: readonly SavedAddress[];
  chosenId: number;
  onChoose: (id: number) => void;
  onEdit: (address: SavedAddress) => void;
}

const oneLine = (address: SavedAddress) => formatAddressLines(address).join(', ');

/** Every saved address as a radio ('Deliver to this address'), each with Edit and Delete (asked to confirm first). */
export function AddressList({ addresses, chosenId, onChoose, onEdit }: AddressListProps) {
  const remove = useDeleteAddress();
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  return (
    <>
      <fieldset className="address-list">
        <legend className="address-list__legend">Deliver to this address</legend>
        {addresses.map((address) => (
          <div key={address.id} className="address-list__item">
            <label className="address-list__choice">
              <input type="radio" name="delivery-address" checked={address.id === chosenId} onChange={() => onChoose(address.id)} />
              <span>
                <span className="address-list__name">
                  {address.firstName} {address.lastName}
                </span>
                <span className="address-selected__lines">{oneLine(address)}</span>
                {address.phoneNumber ? <span className="address-list__phone">Phone {address.phoneNumber}</span> : null}
              </span>
            </label>
            <span className="address-list__actions">
              <Button variant="link" aria-label={`Edit ${oneLine(address)}`} onClick={() => onEdit(address)}>
                Edit
              </Button>
              <Button
                variant="link"
                aria-label={`Delete ${oneLine(address)}`}
                onClick={() => {
                  remove.reset();
                  setDeleting(address);
                }}
              >
                Delete
              </Button>
            </span>
          </div>
        ))}
      </fieldset>
      {remove.isError ? (
        <p className="auth-form__error" role="alert">
          {remove.error.message}
        </p>
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this address?"
        description={deleting ? oneLine(deleting) : undefined}
        footer={
          <>
            <Button
              variant="primary"
              loading={remove.isPending}
              onClick={() => {
                if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
              }}
            >
              Delete address
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep address
            </Button>
          </>
        }
      >
        <p>It will no longer be offered for your deliveries.</p>
      </Dialog>
    </>
  );
}
