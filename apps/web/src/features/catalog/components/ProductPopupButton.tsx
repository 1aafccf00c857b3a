import type { Product } from '@elmwood/domain';
import { useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import type * as PopupModuleNamespace from './ProductPopup';

type PopupModule = typeof PopupModuleNamespace;
const loadPopup = (): Promise<PopupModule> => import('./ProductPopup');

/**
 * Opens the product popup. Its code (dialog, nutrition parsing) arrives on demand: fetched as soon as the
 * pointer or focus reaches the button, so it is usually there by the click; the button shows it is busy if not.
 */
export function ProductPopupButton({ product, label = 'More information', onProductPage = false }: { product: Product; label?: string; onProductPage?: boolean }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [popup, setPopup] = useState<PopupModule | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = () => {
    if (popup) return;
    loadPopup().then(
      (module) => {
        setFailed(false);
        setPopup(module);
      },
      () => setFailed(true),
    );
  };

  const openPopup = () => {
    setFailed(false);
    setOpen(true);
    load();
  };

  const closeOnFailure = () => {
    setOpen(false);
    setFailed(false);
  };

  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        block
        aria-haspopup="dialog"
        loading={open && !popup && !failed}
        onClick={openPopup}
        onPointerEnter={load}
        onFocus={load}
      >
        {label}
      </Button>
      {failed && open ? (
        <LoadStatus
          status="error"
          onRetry={() => {
            closeOnFailure();
            openPopup();
          }}
        />
      ) : null}
      {popup ? <popup.ProductPopup product={product} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} onProductPage={onProductPage} /> : null}
    </>
  );
}
