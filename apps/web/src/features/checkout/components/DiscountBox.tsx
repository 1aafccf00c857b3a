import { useState, type FormEvent } from 'react';
import type { Cart } from '@elmwood/domain';
import { useCartCoupon } from '../../cart';
import { Button } from '../../../ui/Button';
import { Tag } from '../../../ui/Tag';
import { TextField } from '../../../ui/TextField';

export const DISCOUNT_APPLIED = 'Discount applied';
export const DISCOUNT_REMOVED = 'Discount removed';
export const DISCOUNT_REMOVE_FAILED = 'Failed to remove the discount';

/**
 * SPEC §4 discount: the code box toggles on 'Add discount code' and shows only while no discount is
 * applied; a coupon-based discount can be removed with its close button.
 */
export function DiscountBox({ cart, token }: { cart: Cart; token: string }) {
  const { apply, remove } = useCartCoupon(token);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    apply.mutate(code, {
      onSuccess: () => {
        setMessage(DISCOUNT_APPLIED);
        setOpen(false);
        setCode('');
      },
    });
  };

  return (
    <div className="discount-box">
      {cart.discounts.map((discount) =>
        discount.isCouponBased ? (
          <p key={discount.code} className="discount-box__applied">
            <Tag>{discount.label}</Tag> {discount.name}
            <button
              type="button"
              className="discount-box__remove"
              aria-label={`Remove discount ${discount.name}`}
              onClick={() =>
                remove.mutate(undefined, { onSuccess: () => setMessage(DISCOUNT_REMOVED), onError: () => setMessage(DISCOUNT_REMOVE_FAILED) })
              }
            >
              ×
            </button>
          </p>
        ) : null,
      )}
      {cart.discounts.length === 0 ? (
        <>
          <Button variant="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            Add discount code
          </Button>
          {open ? (
            <form className="discount-box__form" onSubmit={submit} noValidate aria-label="Apply a discount code">
              <TextField label="Discount code" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} error={apply.isError ? apply.error.message : null} />
              <Button type="submit" variant="secondary" loading={apply.isPending}>
                Apply
              </Button>
            </form>
          ) : null}
        </>
      ) : null}
      <p className="discount-box__message" role="status">
        {message ?? ''}
      </p>
    </div>
  );
}
