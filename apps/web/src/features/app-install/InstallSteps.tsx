import { Button } from '../../ui/Button';
import { useInstallPrompt } from './installPrompt';
import { GET_THE_APP_PATH } from './paths';
import { installWayFor } from './platform';
import { QrCode } from './QrCode';

const ShareIcon = () => (
  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M5 11v9h14v-9" />
  </svg>
);
const AddIcon = () => (
  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <path d="M12 8v8M8 12h8" />
  </svg>
);

/** How to put the app on this device's home screen, in this device's own way (platform.ts). */
export function InstallSteps() {
  const prompt = useInstallPrompt();
  const way = installWayFor({
    promptReady: prompt.ready,
    userAgent: navigator.userAgent,
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches === true,
  });
  if (way === 'prompt') {
    return (
      <Button variant="primary" onClick={() => void prompt.show()}>
        Install the app
      </Button>
    );
  }
  if (way === 'ios') {
    return (
      <ol className="install-steps">
        <li>
          <ShareIcon /> Tap <strong>Share</strong> at the bottom of Safari.
        </li>
        <li>
          <AddIcon /> Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
        </li>
      </ol>
    );
  }
  if (way === 'phone-menu') {
    return <p>Open your browser’s menu and choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.</p>;
  }
  return (
    <div className="install-qr">
      <QrCode text={`${window.location.origin}${GET_THE_APP_PATH}`} label="QR code that opens the app’s install page on your phone" />
      <p>Scan this with your phone’s camera to open the install page there.</p>
    </div>
  );
}
