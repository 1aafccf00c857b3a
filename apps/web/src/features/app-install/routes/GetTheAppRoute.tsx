import { BRAND_NAME } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { InstallSteps } from '../InstallSteps';
import { openedInstalled } from '../platform';
import '../app-install.css';

/** /account/get-the-app — the install page the QR code on a computer opens on the patient's phone. */
export function Component() {
  useDocumentTitle('Get the app');
  return (
    <div className="account-page container">
      <h1>Get the {BRAND_NAME} app</h1>
      <section className="account-card get-app" aria-labelledby="get-app-how">
        <h2 id="get-app-how">Put it on your home screen</h2>
        {openedInstalled() ? (
          <p>You are using the app. You will find it on your home screen.</p>
        ) : (
          <>
            <p>No app store needed: the app opens full screen, shows your account with a weak signal, and sends what you log when you are back online.</p>
            <InstallSteps />
          </>
        )}
      </section>
    </div>
  );
}
