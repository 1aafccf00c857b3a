import { APP_THANK_YOU_CHECKLIST } from '@elmwood/domain';
import { BRAND_NAME } from '../../lib/config';
import { Button, ButtonLink } from '../../ui/Button';
import { useAppOpening } from './api';
import { GET_THE_APP_PATH } from './paths';
import { QrCode } from './QrCode';
import './app-install.css';

/**
 * SPEC §2's app variant of the thank-you page, for an order that waits on the patient's tasks: finish them in the
 * app (a QR code to its install page on a computer, the install page on a phone), or 'Continue on web'. A patient who
 * has opened the app installed (the first app open date) is asked to open it rather than install it.
 */
export function AppThankYou({ onContinueOnWeb }: { onContinueOnWeb: () => void }) {
  const opening = useAppOpening();
  const hasApp = opening.data?.firstAppOpenAt != null;
  const computer = window.matchMedia?.('(pointer: coarse)').matches !== true;
  return (
    <section className="thank-you-card app-thank-you" aria-labelledby="app-thank-you-title">
      <h2 id="app-thank-you-title">{hasApp ? `Finish in the ${BRAND_NAME} app` : `Finish in the ${BRAND_NAME} app: it takes a few minutes`}</h2>
      <p>Three steps before our clinicians can review your order. The app keeps your place and sends what you do when your signal returns.</p>
      <ul className="app-thank-you__checklist" aria-label="Steps to finish in the app">
        {APP_THANK_YOU_CHECKLIST.map((item) => (
          <li key={item}>
            <span aria-hidden="true">☐</span> {item}
          </li>
        ))}
      </ul>
      {hasApp ? (
        <p>Open the app on your phone: your tasks are waiting there.</p>
      ) : computer ? (
        <div className="install-qr">
          <QrCode text={`${window.location.origin}${GET_THE_APP_PATH}`} label="QR code that opens the app’s install page on your phone" />
          <p>Scan this with your phone’s camera to get the app there.</p>
        </div>
      ) : (
        <ButtonLink to={GET_THE_APP_PATH} size="lg" block>
          Get the app
        </ButtonLink>
      )}
      <Button variant="secondary" size="lg" block onClick={onContinueOnWeb}>
        Continue on web
      </Button>
    </section>
  );
}
