import { useState } from 'react';
import { formatAddressLines } from '@elmwood/domain';
import { useMe } from '../../auth';
import { ShippingStep } from '../../checkout';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Toast } from '../../../ui/Toast';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';

/** /account/details/change/shipping-address — the checkout's address manager; the address saved becomes the default. */
export function Component() {
  useDocumentTitle('Delivery address');
  const me = useMe();
  const [saved, setSaved] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!me.data) return <LoadStatus status="loading" className="account-page container" />;
  return (
    <div className="account-page container account-page--form">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Delivery address</h1>
      <section className="account-card" aria-label="Delivery address">
        {saved ? (
          <div role="status">
            <p>Your treatments will be delivered to:</p>
            <p className="address-selected__lines">{saved}</p>
            <ButtonLink to="/account/home">Visit your account</ButtonLink>
          </div>
        ) : (
          <ShippingStep user={me.data} submitLabel="Save address" onNotice={setNotice} onDone={(address) => setSaved(formatAddressLines(address).join(', '))} />
        )}
      </section>
      <Toast message={notice} tone="error" onDismiss={() => setNotice(null)} />
    </div>
  );
}
