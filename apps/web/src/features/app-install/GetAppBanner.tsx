import { BRAND_NAME } from '../../lib/config';
import { useAppOpening } from './api';
import { InstallSteps } from './InstallSteps';
import { openedInstalled } from './platform';
import './app-install.css';

/**
 * SPEC's get-app banner on the account home: the app on the home screen, with reminders and the account offline.
 * Hidden once the app has been opened installed (the first app open date), and inside the app itself.
 */
export function GetAppBanner() {
  const opening = useAppOpening();
  if (openedInstalled() || opening.isPending || opening.isError || opening.data.firstAppOpenAt !== null) return null;
  return (
    <section className="account-card get-app" aria-labelledby="get-app-title">
      <h2 id="get-app-title">Get the app</h2>
      <p>Keep {BRAND_NAME} on your home screen: it opens full screen, shows your account with a weak signal, and sends what you log when you are back online.</p>
      <InstallSteps />
    </section>
  );
}
